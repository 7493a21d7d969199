/**
 * The size `@walletframe/react` adds to an app that already has React: bundled with esbuild,
 * minified, gzip -9 (like the bench's other figures), React and react-dom external.
 */
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'

const root = fileURLToPath(new URL('.', import.meta.url))
const REACT = ['react', 'react-dom', 'react/jsx-runtime']

/** The minified bundle of the package's entry, with `external` left out of it. */
export async function bundleReact(external: string[]): Promise<string> {
  const { outputFiles } = await build({
    absWorkingDir: root,
    entryPoints: ['src/index.ts'],
    bundle: true,
    minify: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2020',
    jsx: 'automatic',
    // The workspace packages' sources, as the repository's other tools read them (docs/publishing.md).
    conditions: ['walletframe-source'],
    external,
  })
  return outputFiles[0]!.text
}

/**
 * `gzipBytes`: the package as an app ships it (the SDK inside); `overSdkGzipBytes`: the React
 * layer alone, with the SDK external too.
 */
export async function measureReactSize(): Promise<{ gzipBytes: number; overSdkGzipBytes: number }> {
  const [whole, layer] = await Promise.all([
    bundleReact(REACT),
    bundleReact([...REACT, '@walletframe/sdk', '@walletframe/protocol/host']),
  ])
  return {
    gzipBytes: gzipSync(whole, { level: 9 }).length,
    overSdkGzipBytes: gzipSync(layer, { level: 9 }).length,
  }
}
