/**
 * Import boundaries of the monorepo, checked on the source text (TypeScript's own pre-processor
 * finds every import, export-from, dynamic import and require):
 *
 * - a self-contained workspace (the protocol) imports no `@walletframe/*` package and no relative
 *   path outside itself;
 * - no workspace's source reaches into another workspace's files by relative path (tests and
 *   benchmarks may, and so may the folders listed in `crossWorkspaceAllowed`, e.g. e2e/); a Vite or
 *   vitest config may import the shared tool configuration at the repository's root (vite.shared.ts:
 *   Vite's config loader cannot load a workspace package's TypeScript), and a package may import
 *   itself by its own name (its pack-consumer.ts does, as an integrator would);
 * - inside one workspace the folder-level import graph of its source has no cycle. Tests are left
 *   out (they import across folders by nature), and so is a folder's import of its own subfolders:
 *   a folder contains them, as a barrel or a composition root does, so only a subfolder importing
 *   back up, or siblings importing each other in a ring, close a cycle;
 * - layer rules, written as data, for folders that exist (see LayerRules).
 *
 * Messages carry no line numbers, so a baseline of known violations survives unrelated edits.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join, posix } from 'node:path'
import ts from 'typescript'
import { lineAt, sourceFiles } from './source-files.ts'

export interface LayerRules {
  /** The folder the layers live in (relative to the repo); the rules apply only while it exists. */
  root: string
  /** Files under `from` import nothing under any of `forbidden` (folders relative to `root`). */
  forbid: Array<{ from: string; forbidden: string[] }>
  /**
   * A folder whose subfolders are features: a file in feature X imports feature Y only through Y's
   * index.ts, except for the pairs in `allow` (feature folder names).
   */
  features?: {
    dir: string
    allow: Array<{ from: string; to: string }>
    /**
     * Files (relative to `dir`) every feature may name directly: an interface other features extend
     * by module augmentation, which TypeScript merges only when it names the declaring file.
     */
    augmentable?: string[]
  }
}

export interface BoundaryConfig {
  /** Absolute path of the repository. */
  root: string
  /** Workspace folders relative to root (`packages/protocol`, `apps/relay`, `e2e`, …). */
  workspaces: string[]
  /** Workspaces that import nothing of ours. */
  selfContained: string[]
  /** Folders whose files may import other workspaces' files by relative path. */
  crossWorkspaceAllowed: string[]
  layers: LayerRules[]
}

export interface Violation {
  file: string
  line: number
  message: string
  /** What a baseline of known violations records: no line numbers, stable under unrelated edits. */
  key: string
}

interface Import {
  file: string
  line: number
  specifier: string
  /** Repo-relative target of a relative specifier. */
  target?: string
  /** The folder that target is or lies in (`./x` resolved by its index names folder x). */
  targetFolder?: string
}

const within = (path: string, dir: string) => path === dir || path.startsWith(`${dir}/`)

const TEST_FOLDERS = new Set(['test', 'tests', 'test-support', 'testing'])

/** A Vite or vitest config importing a file at the repository's root (shared tool configuration). */
const isRootToolConfigImport = (file: string, target: string) =>
  /(^|\/)vite(st)?\.config\.ts$/.test(file) && !target.includes('/')

/** `@walletframe/sdk` or `@walletframe/sdk/networks` inside packages/sdk, by its package.json name. */
function importsItself(root: string, workspace: string, specifier: string): boolean {
  const path = join(root, workspace, 'package.json')
  const { name } = (existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : {}) as { name?: string }
  return name !== undefined && (specifier === name || specifier.startsWith(`${name}/`))
}

/** A test, a benchmark or test support, judged by the path inside its workspace. */
export function isTestFile(pathInWorkspace: string): boolean {
  const parts = pathInWorkspace.split('/')
  return (
    /(\.(test|spec|bench)|^test-support)\.tsx?$/.test(parts.at(-1)!) ||
    parts.slice(0, -1).some((part) => TEST_FOLDERS.has(part))
  )
}

export function readImports(root: string, file: string): Import[] {
  const text = readFileSync(join(root, file), 'utf8')
  const { importedFiles } = ts.preProcessFile(text, true, true)
  return importedFiles.map(({ fileName, pos }) => {
    const item: Import = { file, line: lineAt(text, pos), specifier: fileName }
    if (!fileName.startsWith('.')) return item
    const target = posix.join(posix.dirname(file), fileName)
    const isFolder = ts.sys.directoryExists(join(root, target))
    return { ...item, target, targetFolder: isFolder ? target : posix.dirname(target) }
  })
}

/** The workspace folders a root package.json declares (`dir/*` globs and plain folders). */
export function workspaceFolders(root: string): string[] {
  const { workspaces } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    workspaces: string[]
  }
  return workspaces.flatMap((pattern) => {
    if (!pattern.endsWith('/*')) return [pattern]
    const parent = pattern.slice(0, -2)
    return ts.sys
      .getDirectories(join(root, parent))
      .map((name) => `${parent}/${name}`)
      .filter((dir) => existsSync(join(root, dir, 'package.json')))
  })
}

const violation = (file: string, line: number, message: string): Violation => ({
  file,
  line,
  message,
  key: `${file}: ${message}`,
})

export function checkImportBoundaries(config: BoundaryConfig): Violation[] {
  const violations: Violation[] = []

  for (const workspace of config.workspaces) {
    const imports = sourceFiles(config.root, workspace).flatMap((file) => readImports(config.root, file))
    const selfContained = config.selfContained.includes(workspace)
    const crossAllowed = config.crossWorkspaceAllowed.some((dir) => within(workspace, dir))
    const isTest = (path: string) => isTestFile(path.slice(workspace.length + 1))
    for (const { file, line, specifier, target } of imports) {
      if (
        selfContained &&
        specifier.startsWith('@walletframe/') &&
        !importsItself(config.root, workspace, specifier)
      )
        violations.push(violation(file, line, `${workspace} imports nothing of ours, not ${specifier}`))
      if (target === undefined || within(target, workspace) || isRootToolConfigImport(file, target)) continue
      if (selfContained)
        violations.push(
          violation(file, line, `${workspace} imports nothing outside itself, not ${specifier}`),
        )
      else if (!crossAllowed && !isTest(file))
        violations.push(
          violation(file, line, `${specifier} reaches outside ${workspace} by path: import a package`),
        )
    }
    const source = imports.filter(
      ({ file, target }) =>
        target !== undefined && within(target, workspace) && !isTest(file) && !isTest(target),
    )
    violations.push(...folderCycles(source))
  }
  for (const rules of config.layers) {
    if (!existsSync(join(config.root, rules.root))) continue
    const imports = sourceFiles(config.root, rules.root).flatMap((file) => readImports(config.root, file))
    violations.push(...layerViolations(config.root, rules, imports))
  }
  return violations
}

function layerViolations(root: string, rules: LayerRules, imports: Import[]): Violation[] {
  const violations: Violation[] = []
  const folder = (dir: string) => posix.join(rules.root, dir)
  for (const item of imports) {
    if (item.target === undefined) continue
    const target = item.target
    for (const { from, forbidden } of rules.forbid) {
      if (!existsSync(join(root, folder(from))) || !within(item.file, folder(from))) continue
      for (const layer of forbidden.filter((dir) => within(target, folder(dir))))
        violations.push(violation(item.file, item.line, `${from}/ imports nothing from ${layer}/`))
    }
    if (!rules.features) continue
    const features = folder(rules.features.dir)
    const featureOf = (path: string) =>
      within(path, features) ? path.slice(features.length + 1).split('/')[0] : undefined
    const [source, destination] = [featureOf(item.file), featureOf(target)]
    if (!source || !destination || source === destination) continue
    const throughIndex = /^[^/]+(\/index(\.tsx?|\.js)?)?$/.test(target.slice(features.length + 1))
    const allowed =
      rules.features.allow.some((pair) => pair.from === source && pair.to === destination) ||
      (rules.features.augmentable ?? []).includes(target.slice(features.length + 1))
    if (!throughIndex && !allowed)
      violations.push(
        violation(
          item.file,
          item.line,
          `feature ${source} reaches into ${destination}'s internals (${item.specifier}): import its index.ts`,
        ),
      )
  }
  return violations
}

/** Strongly connected folders (Tarjan), each reported once with the imports that close it. */
function folderCycles(imports: Import[]): Violation[] {
  const edges = new Map<string, Map<string, Import>>()
  for (const item of imports) {
    const from = posix.dirname(item.file)
    const to = item.targetFolder!
    if (within(to, from)) continue
    if (!edges.has(from)) edges.set(from, new Map())
    if (!edges.get(from)!.has(to)) edges.get(from)!.set(to, item)
  }
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const components: string[][] = []
  const visit = (node: string) => {
    index.set(node, index.size)
    low.set(node, index.get(node)!)
    stack.push(node)
    onStack.add(node)
    for (const next of edges.get(node)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next)
        low.set(node, Math.min(low.get(node)!, low.get(next)!))
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!))
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = []
      let member: string
      do {
        member = stack.pop()!
        onStack.delete(member)
        component.push(member)
      } while (member !== node)
      if (component.length > 1) components.push(component.sort())
    }
  }
  for (const node of [...edges.keys()].sort()) if (!index.has(node)) visit(node)
  return components.map((component) => {
    const closing = component.flatMap((from) =>
      [...(edges.get(from) ?? [])]
        .filter(([to]) => component.includes(to))
        .map(([to, item]) => `${to} by ${item.file}`),
    )
    const first = edges.get(component[0]!)!
    const example = [...first].find(([to]) => component.includes(to))![1]
    const folders = `import cycle between folders ${component.join(', ')}`
    return {
      ...violation(example.file, example.line, `${folders}: imports ${closing.join('; ')}`),
      key: folders,
    }
  })
}
