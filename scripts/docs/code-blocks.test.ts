/**
 * Every code block of docs/ and the README is checked, so no example rots (issue 13 point 9; the
 * conventions are in docs/README.md "Code blocks"): ts/tsx type-checked strictly against the
 * workspace packages (`run`: also executed in Node), sh commands checked against the repository,
 * html parsed and its scripts type-checked, json parsed and validated against the protocol's
 * schemas. A language or flag the test does not know fails: no block is silently ignored.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseProjectsFile, WalletFrameOptionsSchema } from '@walletframe/protocol'
import { describe, expect, it } from 'vitest'
import { readHtml } from './check-html.ts'
import { checkShell } from './check-shell.ts'
import { blockName, type CodeBlock, codeBlocks } from './markdown-blocks.ts'
import { readRepoFacts } from './repo-facts.ts'
import { typecheckSources, type VirtualSource } from './typecheck-blocks.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))

/** Each language and the flags it takes (docs/README.md "Code blocks"). */
const CONVENTIONS: Record<string, readonly string[]> = {
  ts: ['run', 'excerpt', 'file='],
  tsx: ['file='],
  sh: [],
  html: [],
  json: ['options', 'projects'],
  text: [],
}

function markdownFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry)
    if (statSync(path).isDirectory()) return markdownFiles(path)
    return entry.endsWith('.md') ? [path] : []
  })
}

const blocks = [join(root, 'README.md'), ...markdownFiles(join(root, 'docs'))].flatMap((path) =>
  codeBlocks(relative(root, path), readFileSync(path, 'utf8')),
)
const facts = readRepoFacts(root)

/** `file=app/page.tsx`: the block is that file of an example; blocks of one page import each other. */
const fileOf = (block: CodeBlock) =>
  block.flags.find((flag) => flag.startsWith('file='))?.slice('file='.length)

/**
 * Where a `file=` block lives: beside its page (`docs/quick-start/app/page.tsx`), or, for a path in
 * an example (`examples/vite-wagmi/src/…`), there, so the example's own dependencies resolve.
 */
const blockFilePath = (page: string, file: string) =>
  file.startsWith('examples/') ? file : join(page.replace(/\.md$/, ''), file)

/**
 * What a page's scripts find once the drop-in build is loaded: `window.WalletFrame`
 * (packages/sdk/src/iife.ts) and the `walletFrame` property of `<walletframe-button>`.
 */
const PAGE_GLOBALS = `
declare var WalletFrame: { createWalletFrame: typeof import('@walletframe/sdk').createWalletFrame }
interface HTMLElementTagNameMap {
  'walletframe-button': HTMLElement & { walletFrame: import('@walletframe/sdk').WalletFrame | undefined }
}
`

/** Every ts/tsx block and every inline script of an html block, type-checked in one program. */
const typeErrors = (() => {
  const sources: VirtualSource[] = []
  for (const block of blocks) {
    if ((block.lang === 'ts' || block.lang === 'tsx') && !block.flags.includes('excerpt'))
      sources.push({
        key: blockName(block),
        extension: block.lang,
        text: block.code,
        ...(fileOf(block) ? { file: blockFilePath(block.file, fileOf(block)!) } : {}),
      })
    if (block.lang === 'html')
      readHtml(block.code, facts).scripts.forEach((script, index) => {
        sources.push({ key: `${blockName(block)}#${index}`, extension: 'js', text: script.code })
      })
  }
  return typecheckSources(root, sources, PAGE_GLOBALS)
})()

/** The block's lines (indentation aside) that are not in the file in that order: an excerpt must be verbatim. */
function missingFromExcerpt(code: string, file: string): string[] {
  const fileLines = file.split('\n').map((line) => line.trim())
  let at = 0
  const missing: string[] = []
  for (const line of code
    .split('\n')
    .map((text) => text.trim())
    .filter(Boolean)) {
    const found = fileLines.indexOf(line, at)
    if (found < 0) missing.push(line)
    else at = found + 1
  }
  return missing
}

function runInNode(block: CodeBlock) {
  // Inside the repository, so the block's imports resolve to the workspaces; *.tmp.* is ignored by git.
  const file = join(root, 'scripts', 'docs', `block-${block.file.replace(/\W/g, '-')}-${block.line}.tmp.ts`)
  writeFileSync(file, block.code)
  try {
    execFileSync(process.execPath, ['--import', 'tsx', file], { cwd: root, timeout: 60_000, stdio: 'pipe' })
  } catch (error) {
    const { stderr, message } = error as { stderr?: Buffer; message: string }
    const output = stderr?.toString() || message
    // Imports resolve as an integrator's would: to the packages' builds (npm test builds first).
    const hint = /ERR_MODULE_NOT_FOUND[^\n]*\/dist\//.test(output)
      ? '\n(build the packages first: npx turbo run build)'
      : ''
    throw new Error(`${blockName(block)} failed in Node:\n${output}${hint}`)
  } finally {
    rmSync(file, { force: true })
  }
}

describe('docs code blocks', () => {
  it('finds the blocks of the quick start and the README', () => {
    expect(blocks.filter((block) => block.file === 'docs/quick-start.md').length).toBeGreaterThan(10)
    expect(blocks.some((block) => block.file === 'README.md')).toBe(true)
  })

  for (const block of blocks) {
    const name = `${blockName(block)} (${[block.lang || 'no language', ...block.flags].join(' ')})`
    it(name, () => {
      const flags = CONVENTIONS[block.lang]
      if (!flags)
        throw new Error(
          `${blockName(block)}: language "${block.lang}" is not one the docs test knows (docs/README.md)`,
        )
      const excerptOf = block.flags.includes('excerpt')
        ? block.flags[block.flags.indexOf('excerpt') + 1]
        : undefined
      for (const flag of block.flags.filter((flag) => flag !== excerptOf))
        if (!flags.includes(flag.startsWith('file=') ? 'file=' : flag))
          throw new Error(`${blockName(block)}: "${flag}" is not a flag of ${block.lang}`)
      switch (block.lang) {
        case 'ts':
        case 'tsx':
          if (block.flags.includes('excerpt')) {
            expect(excerptOf, '`excerpt` names the file the block is cut from').toBeDefined()
            expect(missingFromExcerpt(block.code, readFileSync(join(root, excerptOf!), 'utf8'))).toEqual([])
            break
          }
          expect(typeErrors.get(blockName(block))).toEqual([])
          if (block.flags.includes('run')) runInNode(block)
          break
        case 'sh':
          expect(checkShell(block.code, facts)).toEqual([])
          break
        case 'html': {
          const reading = readHtml(block.code, facts)
          const undefinedElements = reading.elements.filter((tag) => !facts.definesElement(tag))
          expect([
            ...reading.problems,
            ...undefinedElements.map((tag) => `<${tag}> is not defined by the code`),
          ]).toEqual([])
          reading.scripts.forEach((script, index) => {
            expect(typeErrors.get(`${blockName(block)}#${index}`), `script at line ${script.line}`).toEqual(
              [],
            )
          })
          break
        }
        case 'json': {
          const value = JSON.parse(block.code) as unknown
          if (block.flags.includes('options')) {
            const result = WalletFrameOptionsSchema.safeParse(value)
            expect(result.error?.issues ?? []).toEqual([])
          }
          if (block.flags.includes('projects')) parseProjectsFile(block.code, blockName(block))
          break
        }
        case 'text':
          // Diagrams and sample output: prose in a fixed-width font, declared as such.
          break
      }
    })
  }
})

describe('links between the pages', () => {
  const pages = markdownFiles(join(root, 'docs')).map((path) => relative(root, path))
  const linked = (file: string) =>
    [...readFileSync(join(root, file), 'utf8').matchAll(/\]\(([^)\s]+)\)/g)]
      .map((match) => match[1]!.split('#')[0]!)
      .filter((target) => target && !/^[a-z]+:/.test(target))
      .map((target) => join(dirname(file), target))

  it('docs/README.md links every page of docs/', () => {
    const index = new Set(linked('docs/README.md'))
    expect(pages.filter((page) => page !== 'docs/README.md' && !index.has(page))).toEqual([])
  })

  for (const page of ['README.md', ...pages])
    it(`${page}: every relative link points at a file`, () => {
      expect(linked(page).filter((target) => !existsSync(join(root, target)))).toEqual([])
    })
})
