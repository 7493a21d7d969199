/** `npm run build -w @walletframe/example-strict-csp`: the page's script bundled with the SDK, and its two static files, in dist/. */
import { copyFile, mkdir } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))

await mkdir(here('dist'), { recursive: true })
await build({
  entryPoints: [here('src/main.ts')],
  bundle: true,
  minify: true,
  format: 'esm',
  target: 'es2020',
  outfile: here('dist/main.js'),
})
await Promise.all(['index.html', 'styles.css'].map((file) => copyFile(here(file), here(`dist/${file}`))))
