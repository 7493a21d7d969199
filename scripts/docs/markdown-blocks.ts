/**
 * The fenced code blocks of a Markdown file, with their info string split into the language and
 * its flags (docs/README.md "Code blocks": ```ts run, ```json options …).
 */
export interface CodeBlock {
  /** Repository-relative path of the Markdown file. */
  file: string
  /** 1-based line of the opening fence. */
  line: number
  /** First word of the info string; '' when the fence has none. */
  lang: string
  /** The remaining words of the info string. */
  flags: string[]
  code: string
}

const FENCE = /^( {0,3}|\s*(?:[-*+]|\d+[.)])\s+|\s+)(`{3,}|~{3,})\s*([^`]*)$/

export function codeBlocks(file: string, markdown: string): CodeBlock[] {
  const lines = markdown.split('\n')
  const blocks: CodeBlock[] = []
  let open: { line: number; fence: string; indent: number; info: string; body: string[] } | undefined
  lines.forEach((text, index) => {
    if (open) {
      if (
        text.trim().startsWith(open.fence[0]!.repeat(open.fence.length)) &&
        text.trim().replace(/[`~]/g, '') === ''
      ) {
        const [lang = '', ...flags] = open.info.split(/\s+/).filter(Boolean)
        blocks.push({ file, line: open.line, lang, flags, code: `${open.body.join('\n')}\n` })
        open = undefined
      } else open.body.push(text.slice(Math.min(open.indent, text.length - text.trimStart().length)))
      return
    }
    const match = FENCE.exec(text)
    if (match)
      open = { line: index + 1, fence: match[2]!, indent: match[1]!.length, info: match[3]!.trim(), body: [] }
  })
  if (open) throw new Error(`${file}:${open.line}: a code block is never closed`)
  return blocks
}

export const blockName = (block: CodeBlock) => `${block.file}:${block.line}`
