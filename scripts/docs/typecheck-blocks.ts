/**
 * Type-checks docs code blocks as if each were a file of the repository (strict, the root
 * tsconfig.base.json options), so their imports resolve to the workspace packages' sources.
 * One program for all blocks: the packages are read once.
 */
import { join } from 'node:path'
import ts from 'typescript'

export interface VirtualSource {
  /** Key the caller uses to find the diagnostics again. */
  key: string
  /** 'js': a page's inline script, checked as JavaScript (TypeScript syntax is an error there). */
  extension: 'ts' | 'tsx' | 'js'
  text: string
  /** Where the block lives as a file of an example (`docs/quick-start/app/page.tsx`), for its siblings' relative imports. */
  file?: string
}

/**
 * `globals`: declarations every block sees (a .d.ts of the program), e.g. what a page's scripts
 * find on `window`.
 */
export function typecheckSources(
  root: string,
  sources: VirtualSource[],
  globals = '',
): Map<string, string[]> {
  const config = ts.readConfigFile(join(root, 'tsconfig.base.json'), ts.sys.readFile)
  const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, root)
  options.noEmit = true
  options.allowJs = true
  options.checkJs = true
  const byPath = new Map<string, VirtualSource>()
  const globalsPath = join(root, 'docs', '.block-globals.d.ts')
  sources.forEach((source, index) => {
    // Beside the docs, so module resolution walks up to the root node_modules (the workspaces).
    byPath.set(
      source.file ? join(root, source.file) : join(root, 'docs', `.block-${index}.${source.extension}`),
      source,
    )
  })
  const host = ts.createCompilerHost(options)
  const readFile = host.readFile.bind(host)
  const fileExists = host.fileExists.bind(host)
  const getSourceFile = host.getSourceFile.bind(host)
  host.readFile = (path) => (path === globalsPath ? globals : (byPath.get(path)?.text ?? readFile(path)))
  host.fileExists = (path) => path === globalsPath || byPath.has(path) || fileExists(path)
  // The folders of example files (`file=app/page.tsx`) exist only here.
  const directoryExists = host.directoryExists?.bind(host)
  host.directoryExists = (dir) =>
    [...byPath.keys()].some((path) => path.startsWith(`${dir}/`)) || (directoryExists?.(dir) ?? true)
  host.getSourceFile = (path, language, onError, create) => {
    if (path === globalsPath) return ts.createSourceFile(path, globals, language, true)
    const source = byPath.get(path)
    if (!source) return getSourceFile(path, language, onError, create)
    // Each block is its own module, so two blocks may declare the same names; appended, not
    // prepended, so the diagnostics' line numbers are the block's. (A classic script's own rule,
    // no top-level await, is checked by topLevelAwaits.)
    return ts.createSourceFile(path, `${source.text}\nexport {}\n`, language, true)
  }
  const program = ts.createProgram({ rootNames: [globalsPath, ...byPath.keys()], options, host })
  const results = new Map<string, string[]>()
  for (const [path, source] of byPath) {
    const file = program.getSourceFile(path)!
    const diagnostics = [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)]
    results.set(
      source.key,
      diagnostics.map((diagnostic) => {
        const { line } = file.getLineAndCharacterOfPosition(diagnostic.start ?? 0)
        return `line ${line + 1}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`
      }),
    )
  }
  return results
}

/** Top-level `await` in a classic script is a syntax error in the browser. */
export function topLevelAwaits(code: string): number[] {
  const file = ts.createSourceFile('script.ts', code, ts.ScriptTarget.Latest, true)
  const lines: number[] = []
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) || ts.isClassLike(node)) return
    if (ts.isAwaitExpression(node) || (ts.isForOfStatement(node) && node.awaitModifier))
      lines.push(file.getLineAndCharacterOfPosition(node.getStart()).line + 1)
    ts.forEachChild(node, visit)
  }
  visit(file)
  return lines
}
