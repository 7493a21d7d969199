// @vitest-environment node
/**
 * CSS follows the layers: ui/base.css holds what ui/ components and several features share,
 * app/*.css the shell, features/X/*.css what only feature X uses. A class is "owned" by the
 * feature/app stylesheet that mentions it unless ui/base.css mentions it too (then the feature
 * rule only styles a shared class in its own context, e.g. `.wf-wc-actions .wf-button`).
 */
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

/** Classes used in markup without rules of their own. */
const UNSTYLED_CLASSES = new Set([
  // Wraps the NFT's TokenIcon (which carries the look); kept as a hook for the NFT grid cell.
  'wf-nft-image',
])

const SRC = fileURLToPath(new URL('..', import.meta.url))
const BASE = 'ui/base.css'

const posix = (path: string) => path.split('\\').join('/')
const filesUnder = (dir: string) => readdirSync(dir, { recursive: true, encoding: 'utf8' }).map(posix)

const sources = filesUnder(SRC)
const read = (file: string) => readFileSync(join(SRC, file), 'utf8')

/** Classes each stylesheet mentions in its selectors. */
const defined = new Map(
  sources
    .filter((file) => file.endsWith('.css'))
    .map((file) => {
      const css = read(file).replace(/\/\*[\s\S]*?\*\//g, '')
      return [file, new Set([...css.matchAll(/\.(wf-[a-z0-9-]+)/g)].map((m) => m[1]!))] as const
    }),
)

/** The value of each `className=` attribute: "…" or a balanced {…} expression. */
function classNameValues(tsx: string): string[] {
  const values: string[] = []
  for (const match of tsx.matchAll(/className=/g)) {
    const start = match.index + match[0].length
    if (tsx[start] === '"') {
      values.push(tsx.slice(start + 1, tsx.indexOf('"', start + 1)))
      continue
    }
    let depth = 0
    let end = start
    do {
      if (tsx[end] === '{') depth++
      else if (tsx[end] === '}') depth--
      end++
    } while (depth > 0 && end < tsx.length)
    values.push(tsx.slice(start, end))
  }
  return values
}

/** Classes each component uses; a name ending in `-${` (template literal) is a prefix, kept with its `-`. */
const used = new Map(
  sources
    .filter((file) => file.endsWith('.tsx'))
    .map((file) => {
      const names = classNameValues(read(file)).flatMap((value) =>
        [...value.matchAll(/wf-[a-z0-9-]+/g)].map((m) => m[0]),
      )
      return [file, new Set(names)] as const
    }),
)

const isPrefix = (name: string) => name.endsWith('-')
const folderOf = (file: string) =>
  file.startsWith('features/') ? file.split('/').slice(0, 2).join('/') : file.split('/')[0]!

/** Stylesheet → classes it owns (not app-wide shared ones from ui/base.css). */
const owned = new Map(
  [...defined]
    .filter(([file]) => file !== BASE)
    .map(([file, names]) => [file, [...names].filter((name) => !defined.get(BASE)?.has(name))] as const),
)

describe('CSS layers', () => {
  it('finds the stylesheets and the classes components use', () => {
    expect([...defined.keys()]).toContain(BASE)
    expect(used.get('app/Modal.tsx')).toContain('wf-card')
    expect(used.get('ui/ListItem.tsx')).toContain('wf-tag-')
  })

  it('every class a component uses is defined in some stylesheet', () => {
    const all = [...defined.values()].flatMap((names) => [...names])
    const missing = [...used].flatMap(([file, names]) =>
      [...names]
        .filter((name) => !UNSTYLED_CLASSES.has(name))
        .filter((name) => (isPrefix(name) ? !all.some((d) => d.startsWith(name)) : !all.includes(name)))
        .map((name) => `${file}: ${name}`),
    )
    expect(missing).toEqual([])
  })

  it("a feature's (or app's) stylesheet styles only classes of its own folder; shared ones live in ui/base.css", () => {
    const violations = [...owned].flatMap(([css, names]) =>
      names.flatMap((name) =>
        [...used]
          .filter(([file, classes]) => classes.has(name) && folderOf(file) !== folderOf(css))
          .map(([file]) => `${css} defines ${name}, used by ${file}`),
      ),
    )
    expect(violations).toEqual([])
  })

  it('a component imports the stylesheet of the feature/app classes it uses (lazy features bring their CSS)', () => {
    const missing = [...used].flatMap(([file, classes]) => {
      const tsx = read(file)
      return [...owned]
        .filter(([, names]) => names.some((name) => classes.has(name)))
        .filter(([css]) => {
          const path = posix(relative(dirname(join(SRC, file)), join(SRC, css)))
          const specifier = path.startsWith('.') ? path : `./${path}`
          return !tsx.includes(`import '${specifier}'`)
        })
        .map(([css]) => `${file} should import ${css}`)
    })
    expect(missing).toEqual([])
  })

  it('main.tsx imports ui/base.css before the app, so later stylesheets override it', () => {
    const main = read('app/main.tsx')
    const base = main.indexOf("import '../ui/base.css'")
    expect(base).toBeGreaterThanOrEqual(0)
    expect(base).toBeLessThan(main.indexOf("from './App.tsx'"))
  })
})
