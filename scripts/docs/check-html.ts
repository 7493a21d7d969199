/**
 * Reads an ```html block: it must parse, its custom elements must be defined by the code, a
 * script it loads must be the SDK's drop-in build the modal host serves, an `integrity` must be an
 * SRI hash, and its inline scripts are handed back to be type-checked (classic ones must not use a
 * top-level `await`, a syntax error outside modules).
 */
import { Parser } from 'htmlparser2'
import type { RepoFacts } from './repo-facts.ts'
import { topLevelAwaits } from './typecheck-blocks.ts'

export interface HtmlReading {
  problems: string[]
  /** Custom elements the block uses. */
  elements: string[]
  scripts: { code: string; line: number; module: boolean }[]
}

const SCRIPT_TYPES = new Set(['', 'module', 'text/javascript'])

export function readHtml(code: string, facts: RepoFacts): HtmlReading {
  const problems: string[] = []
  const elements = new Set<string>()
  const scripts: HtmlReading['scripts'] = []
  const open: string[] = []
  let script: { attributes: Record<string, string>; line: number; text: string } | undefined
  const lineAt = (index: number) => code.slice(0, index).split('\n').length
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        open.push(name)
        if (name.includes('-')) elements.add(name)
        if (name === 'script') script = { attributes, line: lineAt(parser.startIndex), text: '' }
      },
      ontext(text) {
        if (script) script.text += text
      },
      onclosetag(name, implied) {
        if (implied && !VOID_ELEMENTS.has(name))
          problems.push(`line ${lineAt(parser.startIndex)}: <${name}> is never closed`)
        open.pop()
        if (name !== 'script' || !script) return
        const { attributes, line, text } = script
        script = undefined
        const type = attributes.type ?? ''
        if (!SCRIPT_TYPES.has(type))
          return void problems.push(`line ${line}: script type "${type}" is not checked`)
        if (attributes.src !== undefined) {
          const file = new URL(attributes.src, 'http://page.invalid/').pathname
          // The drop-in build: packages/sdk/build.ts writes it, the modal host serves dist/sdk/.
          const name = file.split('/').pop() ?? ''
          if (!file.startsWith('/sdk/') || !facts.source.includes(name))
            problems.push(`line ${line}: ${attributes.src} is not a script the modal host serves`)
          if (
            attributes.integrity !== undefined &&
            !/^sha(256|384|512)-[A-Za-z0-9+/]+={0,2}$/.test(attributes.integrity)
          )
            problems.push(`line ${line}: integrity "${attributes.integrity}" is not an SRI hash`)
          if (text.trim()) problems.push(`line ${line}: a script with src has inline text too`)
          return
        }
        const module = type === 'module'
        if (!module)
          for (const awaitLine of topLevelAwaits(text))
            problems.push(
              `line ${line + awaitLine - 1}: top-level await in a classic <script> (use type="module")`,
            )
        scripts.push({ code: text, line, module })
      },
      onerror(error) {
        problems.push(error.message)
      },
    },
    { recognizeSelfClosing: false, lowerCaseTags: true },
  )
  parser.end(code)
  return { problems, elements: [...elements], scripts }
}

const VOID_ELEMENTS = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
])
