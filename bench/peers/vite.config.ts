/**
 * One production build of every peer page, as an integrator would ship it: `pages/<page>/` holds
 * the page's script (`main.ts` or `main.tsx`) and its HTML is
 * the same shell for every page, made here. `@walletframe/sdk` is the SDK's ESM build from this
 * repository.
 */
import { existsSync, readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { defineConfig, type Plugin } from 'vite'

const pages = fileURLToPath(new URL('./pages/', import.meta.url))
/** Every folder of pages/, and `none`: the same shell with no script (the load-time reference). */
const names = [
  ...readdirSync(pages, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name),
  'none',
]
const htmlOf = (name: string) => `${pages}${name}/index.html`

function shell(name: string): string {
  const script = ['main.ts', 'main.tsx'].find((file) => existsSync(`${pages}${name}/${file}`))
  const tag = script ? `<script type="module" src="./${script}"></script>` : ''
  return `<!doctype html><html lang="en"><head><meta charset="utf-8" /><title>Peer bench: ${name}</title></head><body><div id="root"></div>${tag}</body></html>`
}

/** Serves each page's HTML shell as if it were a file in the page's folder. */
const pageShells: Plugin = {
  name: 'peer-page-shells',
  resolveId: (id) => (names.some((name) => htmlOf(name) === id) ? id : null),
  load: (id) => {
    const name = names.find((page) => htmlOf(page) === id)
    return name ? shell(name) : null
  },
}

export default defineConfig({
  root: pages,
  logLevel: 'error',
  plugins: [pageShells],
  resolve: {
    alias: {
      '@walletframe/sdk': fileURLToPath(
        new URL('../../packages/sdk/dist/walletframe.esm.js', import.meta.url),
      ),
    },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist/', import.meta.url)),
    emptyOutDir: true,
    chunkSizeWarningLimit: 4096,
    // Vite's preload polyfill is for browsers without modulepreload; Chromium has it.
    modulePreload: { polyfill: false },
    rollupOptions: { input: Object.fromEntries(names.map((name) => [name, htmlOf(name)])) },
  },
})
