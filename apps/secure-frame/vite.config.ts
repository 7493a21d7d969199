import { defineConfig } from 'vite'
import { sourceResolution } from '../../vite.shared.ts'

/**
 * The key-frame app (src/app). Preact instead of React: the frame's initial JS has a 60 KB gzip
 * budget, and react-dom alone is ~45 KB of it (README.md). JSX is compiled for Preact directly.
 */
export default defineConfig({
  ...sourceResolution,
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    target: 'es2022',
    outDir: 'dist',
    assetsDir: 'assets',
    sourcemap: true,
    // The key server's CSP allows no inline script: keep the module preload polyfill out of index.html.
    modulePreload: { polyfill: false },
    // Two pages: the key frame (index.html, served at /frame) and the key window, its popup.
    rolldownOptions: { input: { frame: 'index.html', keyWindow: 'key-window.html' } },
  },
})
