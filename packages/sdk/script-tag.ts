/**
 * The script-tag files (issue 13 §5): the SDK's and `<walletframe-button>`'s IIFE bundles, which the
 * modal host serves at `/sdk/<version>/<file>`, and their Subresource Integrity values (sha384 of
 * the exact bytes built). The docs and the script-tag example print these values; a test keeps them
 * in step (scripts/script-tag/).
 */
import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { basename, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { ScriptTagManifest } from '@walletframe/protocol'
import { type BuildOptions, build } from 'esbuild'
import packageJson from './package.json' with { type: 'json' }
import { BUTTON_BUILD, SDK_BUILDS } from './size.ts'

export const SDK_VERSION = packageJson.version

/** The files a page may load with a script tag: the SDK first, then the element. */
export const SCRIPT_TAG_BUILDS: BuildOptions[] = [SDK_BUILDS[1]!, BUTTON_BUILD]
const ALL_BUILDS = [...SDK_BUILDS, BUTTON_BUILD]

export const integrityOf = (bytes: Uint8Array): string =>
  `sha384-${createHash('sha384').update(bytes).digest('base64')}`

const fileName = (options: BuildOptions) => basename(options.outfile!)

/** The manifest of the files as they are in `distDir` (what the build just wrote). */
export async function manifestOfDist(distDir: string): Promise<ScriptTagManifest> {
  const entries = await Promise.all(
    ALL_BUILDS.map(async (options) => {
      const name = fileName(options)
      return [name, integrityOf(await readFile(join(distDir, name)))] as const
    }),
  )
  return { version: SDK_VERSION, integrity: Object.fromEntries(entries) }
}

/** The same manifest from builds in memory: what the build writes, without writing it. */
export async function manifestOfSources(): Promise<ScriptTagManifest> {
  const entries = await Promise.all(
    ALL_BUILDS.map(async (options) => {
      const { outputFiles } = await build({ ...options, write: false })
      const js = outputFiles.find((file) => file.path.endsWith('.js'))!
      return [fileName(options), integrityOf(js.contents)] as const
    }),
  )
  return { version: SDK_VERSION, integrity: Object.fromEntries(entries) }
}

export const SDK_DIST_DIR = fileURLToPath(new URL('./dist/', import.meta.url))
export const scriptTagFileNames = () => SCRIPT_TAG_BUILDS.map(fileName)
