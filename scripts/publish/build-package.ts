/**
 * `npm run build` of a publishable package (docs/publishing.md): its TypeScript sources compiled to
 * ESM and `.d.ts` in dist/ by tsc with the package's tsconfig.build.json. Run in the package's folder.
 *
 * tsc rewrites the sources' `.ts` import extensions to `.js` in the JavaScript it emits, but not in
 * the declarations. TypeScript 5.9 reads either; the declarations are rewritten here so that older
 * TypeScript versions and other readers of `.d.ts` files, which expect `.js`, resolve them too.
 */
import { spawnSync } from 'node:child_process'
import { readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { join } from 'node:path'

const OUT_DIR = 'dist'

/** `from './x.ts'`, `import('./x.ts')`, `import './x.ts'` with a relative specifier → `.js`. */
const RELATIVE_TS_SPECIFIER = /((?:from|import)\s*\(?\s*)(['"])(\.\.?\/[^'"]+?)\.(?:ts|tsx|mts)\2/g

function rewriteDeclarationSpecifiers(declaration: string): string {
  return declaration.replace(RELATIVE_TS_SPECIFIER, '$1$2$3.js$2')
}

async function declarationFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.d.ts'))
    .map((entry) => join(entry.parentPath, entry.name))
}

async function buildPackage(): Promise<void> {
  await rm(OUT_DIR, { recursive: true, force: true })
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc')
  const result = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { stdio: 'inherit' })
  if (result.status !== 0) throw new Error(`tsc -p tsconfig.build.json failed in ${process.cwd()}`)
  for (const file of await declarationFiles(OUT_DIR)) {
    await writeFile(file, rewriteDeclarationSpecifiers(await readFile(file, 'utf8')))
  }
}

await buildPackage()
