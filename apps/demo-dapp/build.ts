/** `npm run build -w @walletframe/demo-dapp`: bundles the page into dist/ next to its HTML and CSS. */
import { copyFile, mkdir, rm } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const appDir = fileURLToPath(new URL('.', import.meta.url))
const distDir = `${appDir}dist`

await rm(distDir, { recursive: true, force: true })
await mkdir(distDir, { recursive: true })
await build({
  entryPoints: { app: `${appDir}src/main.ts`, 'strict-csp': `${appDir}src/strict-csp.ts` },
  outdir: distDir,
  bundle: true,
  platform: 'browser',
  // The SDK from its TypeScript sources, as the workspace's other tools read it (docs/publishing.md).
  conditions: ['walletframe-source'],
  format: 'esm',
  target: 'es2022',
  minify: true,
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'warning',
})
await Promise.all(
  ['index.html', 'strict-csp.html', 'styles.css'].map((file) =>
    copyFile(`${appDir}${file}`, `${distDir}/${file}`),
  ),
)
console.log(`demo-dapp built into ${distDir}`)
