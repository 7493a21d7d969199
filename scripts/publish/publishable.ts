/**
 * The publishable packages: every workspace whose package.json is not `"private": true`
 * (docs/publishing.md), with the entry points an integrator's tools resolve.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { workspaceFolders } from '@walletframe/testing/checks'

/** The export condition the monorepo's own tools set; an integrator's never do. */
export const SOURCE_CONDITION = 'walletframe-source'

type ExportTarget = string | { [condition: string]: ExportTarget }

export interface PackageManifest {
  name: string
  version: string
  private?: boolean
  type?: string
  license?: string
  sideEffects?: boolean
  files?: string[]
  exports?: Record<string, ExportTarget>
  dependencies?: Record<string, string>
  devDependencies?: Record<string, string>
}

export interface PublishablePackage {
  /** Folder relative to the repository root, e.g. `packages/sdk`. */
  dir: string
  manifest: PackageManifest
  /** `pack-consumer.ts` in the package's folder: a program using its public API as an integrator would. */
  consumer: string
}

export const CONSUMER_FILE = 'pack-consumer.ts'

export function publishablePackages(root: string): PublishablePackage[] {
  return workspaceFolders(root)
    .map((dir) => ({
      dir,
      manifest: JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')) as PackageManifest,
      consumer: join(root, dir, CONSUMER_FILE),
    }))
    .filter(({ manifest }) => manifest.private !== true)
}

/**
 * The type packages (`@types/*`) the publishable packages develop against, as `name@range`: an
 * integrator writing TypeScript has them (`@types/react` beside react), so the consumers get them too.
 */
export function typePackages(packages: PublishablePackage[]): string[] {
  const ranges = new Map<string, string>()
  for (const { manifest } of packages)
    for (const [name, range] of Object.entries(manifest.devDependencies ?? {}))
      if (name.startsWith('@types/')) ranges.set(name, range)
  return [...ranges].map(([name, range]) => `${name}@${range}`)
}

export const hasConsumer = (pkg: PublishablePackage) => existsSync(pkg.consumer)

export interface PublishedEntry {
  /** `@walletframe/sdk/networks` */
  specifier: string
  /** The condition names in the order the package lists them, the source condition left out. */
  conditions: string[]
  /** Every file the entry can resolve to, relative to the package (`dist/networks.js`). */
  files: string[]
}

/**
 * The entries an integrator can import: each subpath of `exports` with a target outside the source
 * condition (`./package.json` aside). A subpath with only the source condition is the monorepo's own.
 */
export function publishedEntries(manifest: PackageManifest): PublishedEntry[] {
  return Object.entries(manifest.exports ?? {}).flatMap(([subpath, target]) => {
    if (subpath === './package.json') return []
    const conditions =
      typeof target === 'string' ? [] : Object.keys(target).filter((c) => c !== SOURCE_CONDITION)
    const files = targetFiles(target)
    if (files.length === 0) return []
    return [{ specifier: `${manifest.name}${subpath.slice(1)}`, conditions, files }]
  })
}

function targetFiles(target: ExportTarget): string[] {
  if (typeof target === 'string') return [target.replace(/^\.\//, '')]
  return Object.entries(target)
    .filter(([condition]) => condition !== SOURCE_CONDITION)
    .flatMap(([, nested]) => targetFiles(nested))
}
