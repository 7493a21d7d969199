/**
 * The script tags an integrator copies (issue 13 §5): the versioned URLs of the drop-in builds and
 * their SRI values, printed in docs/script-tag.md and examples/script-tag/index.html between two
 * markers. `npx tsx --conditions=walletframe-source scripts/script-tag/script-tag.ts` rewrites them from the current sources (run it
 * after changing the SDK or the element); script-tag.test.ts fails while they differ.
 */
import { readFile, writeFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { type ScriptTagManifest, SDK_PATH } from '@walletframe/protocol'
import { manifestOfSources, scriptTagFileNames } from '@walletframe/sdk/script-tag'
import { resolveStackConfig } from '@walletframe/stack'

export const BEGIN =
  '<!-- script-tag:begin (generated: npx tsx --conditions=walletframe-source scripts/script-tag/script-tag.ts) -->'
export const END = '<!-- script-tag:end -->'

/** The files that print the tags, from the repository's root. */
export const PRINTED_IN = ['docs/script-tag.md', 'examples/script-tag/index.html'].map((path) =>
  fileURLToPath(new URL(`../../${path}`, import.meta.url)),
)

/** The modal host of `npm start`, which the docs and the example load from. */
const DEV_MODAL_URL = resolveStackConfig({}).modal.url

export function scriptTags(manifest: ScriptTagManifest, modalUrl = DEV_MODAL_URL): string {
  const base = new URL(`${SDK_PATH}${manifest.version}/`, modalUrl)
  const tags = scriptTagFileNames().map(
    (file) =>
      `<script src="${new URL(file, base)}"\n        integrity="${manifest.integrity[file]}"\n        crossorigin="anonymous"></script>`,
  )
  return [BEGIN, ...tags, END].join('\n')
}

/** `text` with its marked block replaced by `block`; an error if the markers are missing. */
export function withScriptTags(text: string, block: string, file: string): string {
  const start = text.indexOf(BEGIN)
  const end = text.indexOf(END)
  if (start === -1 || end < start) throw new Error(`${file}: no "${BEGIN}" … "${END}" block`)
  return text.slice(0, start) + block + text.slice(end + END.length)
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const block = scriptTags(await manifestOfSources())
  for (const file of PRINTED_IN)
    await writeFile(file, withScriptTags(await readFile(file, 'utf8'), block, file))
  console.log(block)
}
