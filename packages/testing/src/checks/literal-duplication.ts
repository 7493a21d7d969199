/**
 * Literal duplication: a package that retypes a value the protocol exports (a storage key, a UI
 * message, a handshake type, a timing) drifts from it the day the protocol changes. This finds
 * string literals equal to a protocol string and bare timing numbers equal to a protocol timing.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'
import { lineAt } from './source-files.ts'

export interface ExportedValues {
  /** Each string value → the export paths that hold it (`STORAGE_KEYS.themeMode`). */
  strings: Map<string, string[]>
  /** Each number held by a property named `…Ms` → its export paths (`TIME.toastDurationMs`). */
  timings: Map<number, string[]>
}

const add = <K>(map: Map<K, string[]>, key: K, path: string) => map.set(key, [...(map.get(key) ?? []), path])

const isPlain = (value: unknown): value is Record<string, unknown> =>
  Array.isArray(value) ||
  (typeof value === 'object' &&
    value !== null &&
    [Object.prototype, null].includes(Object.getPrototypeOf(value) as object | null))

/**
 * Walks a module's exports, recursing into plain objects and arrays (schemas, functions and class
 * instances are not values to retype), keeping strings of at least `minLength` characters that
 * are not in `ignore`.
 */
export function collectExportedValues(
  module: Record<string, unknown>,
  options: { minLength: number; ignore: ReadonlySet<string> },
): ExportedValues {
  const strings = new Map<string, string[]>()
  const timings = new Map<number, string[]>()
  const seen = new Set<unknown>()
  const walk = (value: unknown, path: string, key: string) => {
    if (typeof value === 'string') {
      if (value.length >= options.minLength && !options.ignore.has(value)) add(strings, value, path)
    } else if (typeof value === 'number') {
      if (key.endsWith('Ms')) add(timings, value, path)
    } else if (isPlain(value) && !seen.has(value)) {
      seen.add(value)
      for (const [child, item] of Object.entries(value))
        walk(item, Array.isArray(value) ? `${path}[${child}]` : `${path}.${child}`, child)
    }
  }
  for (const name of Object.keys(module).sort()) walk(module[name], name, name)
  return { strings, timings }
}

export interface LiteralHit {
  file: string
  line: number
  literal: string
  names: string[]
}

/** `file:line literal → use NAME` */
export const formatHit = (hit: LiteralHit) =>
  `${hit.file}:${hit.line} ${JSON.stringify(hit.literal)} → use ${hit.names.join(' or ')}`
/** The same without the line, so a baseline survives unrelated edits. */
/** A hit as the baseline knows it: file and literal (the suggestions change as protocol grows). */
export const baselineEntry = (hit: LiteralHit) => `${hit.file} ${JSON.stringify(hit.literal)}`

/**
 * A number in a timing position: setTimeout/setInterval's delay, an argument of a call named like a
 * wait (`hide`, `sleep`, `delay`, …), a value named `…Ms`/`…Timeout`/`…Delay`, xstate's `after`.
 */
function isTimingPosition(node: ts.NumericLiteral): boolean {
  const parent = node.parent
  const named = (name: ts.Node | undefined) =>
    name !== undefined && /(Ms|_MS|[tT]imeout|[dD]elay|[dD]uration)$/.test(name.getText())
  if (ts.isCallExpression(parent)) {
    const callee = parent.expression.getText()
    if (/^(globalThis\.|window\.)?set(Timeout|Interval)$/.test(callee)) return parent.arguments[1] === node
    // A duration handed to something that waits or animates: `frame.hide(150)`, `sleep(500)`.
    return /(hide|close|wait|sleep|delay|timeout)$/i.test(callee)
  }
  if (ts.isPropertyAssignment(parent)) {
    if (parent.initializer === node) return named(parent.name)
    // xstate: `after: { 150: … }`
    const owner = parent.parent.parent
    return parent.name === node && ts.isPropertyAssignment(owner) && owner.name.getText() === 'after'
  }
  if (ts.isVariableDeclaration(parent) || ts.isParameter(parent) || ts.isPropertyDeclaration(parent))
    return parent.initializer === node && named(parent.name)
  if (ts.isBinaryExpression(parent))
    return (
      parent.right === node && parent.operatorToken.kind === ts.SyntaxKind.EqualsToken && named(parent.left)
    )
  return false
}

/**
 * String literals (and JSX text) equal to an exported string, and bare numbers in timing positions
 * equal to one of `timingNumbers` that the exports hold. Module specifiers are not literals.
 */
export function findLiteralDuplicates(
  root: string,
  files: string[],
  values: ExportedValues,
  timingNumbers: readonly number[],
): LiteralHit[] {
  const hits: LiteralHit[] = []
  for (const file of files) {
    const text = readFileSync(join(root, file), 'utf8')
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
    const hit = (node: ts.Node, literal: string, names: string[] | undefined) => {
      if (names) hits.push({ file, line: lineAt(text, node.getStart(source)), literal, names })
    }
    const visit = (node: ts.Node) => {
      if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node) || ts.isImportTypeNode(node)) return
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
        const dynamicImport =
          ts.isCallExpression(node.parent) && node.parent.expression.kind === ts.SyntaxKind.ImportKeyword
        if (!dynamicImport) hit(node, node.text, values.strings.get(node.text))
      } else if (ts.isJsxText(node)) {
        const literal = node.text.trim()
        hit(node, literal, values.strings.get(literal))
      } else if (ts.isNumericLiteral(node)) {
        const value = Number(node.text)
        if (timingNumbers.includes(value) && isTimingPosition(node))
          hit(node, node.getText(source), values.timings.get(value))
      }
      ts.forEachChild(node, visit)
    }
    visit(source)
  }
  return hits
}
