import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'
import { sourceResolution } from '../../vite.shared.ts'
import { precompress } from './build/precompress.ts'

export default defineConfig({
  plugins: [react(), precompress()],
  ssr: sourceResolution.ssr,
  resolve: {
    ...sourceResolution.resolve,
    // The views are written against React's API and run on Preact's compatible implementation:
    // about 4 KB gzip instead of react-dom's 60 KB, in the modal's first-paint bundle (issue 10).
    alias: [
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
      { find: /^react(-dom)?$/, replacement: 'preact/compat' },
    ],
  },
  build: {
    target: 'es2022',
    outDir: 'dist',
    assetsDir: 'assets',
    sourcemap: true,
    // The CSP allows no inline script: keep the module preload polyfill out of index.html.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Everything the first paint runs in one file (issue 10): split into the small chunks the
        // lazy views share with it, the same code cost ~1.5 KB more gzip and as many requests.
        codeSplitting: { groups: [{ name: 'first-paint', tags: ['$initial'] }] },
      },
    },
  },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.ts'],
  },
})
