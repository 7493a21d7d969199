/**
 * What the docs' shell and HTML blocks may name, read from the repository itself: npm scripts per
 * workspace, installed binaries, environment variables the code reads, custom elements it defines.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'

const SOURCE_DIRS = ['apps', 'packages', 'scripts', 'e2e', 'examples']
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.turbo', 'test-results', '.screenshots', '.next'])

/** The files under `dir` whose name `accept`s, build output and scripts/docs aside. */
export function listFiles(dir: string, accept: (name: string) => boolean, found: string[] = []): string[] {
  if (!existsSync(dir)) return found
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry)
    // scripts/docs names what the docs may use: the code it checks them against is elsewhere.
    if (SKIPPED_DIRS.has(entry) || path.endsWith(join('scripts', 'docs'))) continue
    if (statSync(path).isDirectory()) listFiles(path, accept, found)
    else if (accept(entry)) found.push(path)
  }
  return found
}

/** Code, tests aside. */
export const isSource = (name: string) => /\.(ts|tsx|js|mjs|vue)$/.test(name) && !/\.test\.tsx?$/.test(name)

export interface RepoFacts {
  root: string
  /** npm workspace name and folder → its scripts. */
  workspaces: { name: string; dir: string; scripts: Set<string> }[]
  rootScripts: Set<string>
  hasBin(name: string): boolean
  /** Whether the code (tests aside) reads this environment variable. */
  readsEnv(name: string): boolean
  definesElement(tag: string): boolean
  /** The text of the code (tests aside), to look for a path or a name. */
  source: string
}

export function readRepoFacts(root: string): RepoFacts {
  const readJson = (path: string) =>
    JSON.parse(readFileSync(path, 'utf8')) as { name: string; scripts?: object; workspaces?: string[] }
  const rootPackage = readJson(join(root, 'package.json'))
  const workspaces = (rootPackage.workspaces ?? []).flatMap((pattern) => {
    const dirs = pattern.endsWith('/*')
      ? readdirSync(join(root, pattern.slice(0, -2))).map((entry) => join(pattern.slice(0, -2), entry))
      : [pattern]
    return dirs
      .filter((dir) => existsSync(join(root, dir, 'package.json')))
      .map((dir) => {
        const manifest = readJson(join(root, dir, 'package.json'))
        return { name: manifest.name, dir, scripts: new Set(Object.keys(manifest.scripts ?? {})) }
      })
  })
  const files = SOURCE_DIRS.flatMap((dir) => listFiles(join(root, dir), isSource))
  const source = files.map((file) => `// ${relative(root, file)}\n${readFileSync(file, 'utf8')}`).join('\n')
  // Names built at run time (`WF_SOCIAL_${provider}_CLIENT_ID`) become patterns.
  const envPatterns = [...source.matchAll(/`([A-Z][A-Z0-9_]*\$\{[^`]*)`/g)].map(
    (match) => new RegExp(`^${match[1]!.replace(/\$\{[^}]*\}/g, '[A-Z0-9_]+')}$`),
  )
  return {
    root,
    workspaces,
    rootScripts: new Set(Object.keys(rootPackage.scripts ?? {})),
    hasBin: (name) => existsSync(join(root, 'node_modules', '.bin', name)),
    readsEnv: (name) =>
      new RegExp(`\\b${name}\\b`).test(source) || envPatterns.some((pattern) => pattern.test(name)),
    // `customElements.define('x-y', …)`, or the tag in a constant passed to a `.define(` call.
    definesElement: (tag) => /\.define\(/.test(source) && new RegExp(`['"\`]${tag}['"\`]`).test(source),
    source,
  }
}
