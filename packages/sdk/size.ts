/** The SDK's two bundles, and their size once minified and gzipped (the budget: under 10 KB each). */
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { type BuildOptions, build } from 'esbuild'

const root = fileURLToPath(new URL('.', import.meta.url))

const common: BuildOptions = {
  absWorkingDir: root,
  entryPoints: ['src/index.ts'],
  bundle: true,
  minify: true,
  target: 'es2020',
  sourcemap: true,
  platform: 'browser',
  // From the workspace's TypeScript sources, so no prior build of @walletframe/protocol is needed.
  conditions: ['walletframe-source'],
}

export const SDK_BUILDS: BuildOptions[] = [
  { ...common, format: 'esm', outfile: 'dist/walletframe.esm.js' },
  // A plain <script> drop-in: `window.WalletFrame.createWalletFrame(...)`.
  { ...common, entryPoints: ['src/iife.ts'], format: 'iife', outfile: 'dist/walletframe.iife.js' },
]

/** `<walletframe-button>`'s drop-in build, loaded after the SDK's: its size is its own, outside the SDK's budget. */
export const BUTTON_BUILD: BuildOptions = {
  ...common,
  entryPoints: ['src/button/iife.ts'],
  format: 'iife',
  outfile: 'dist/walletframe-button.iife.js',
}

/**
 * The adapters' entries (`@walletframe/sdk/solana`, `/bitcoin`), each bundled alone: an upper bound
 * of what one adds to a dapp, since a dapp's bundler shares what they have in common with the core
 * (the channel's check makers, the error class).
 */
export const ADAPTER_BUILDS = {
  solana: { ...common, entryPoints: ['src/solana/index.ts'], format: 'esm', write: false },
  bitcoin: { ...common, entryPoints: ['src/bitcoin/index.ts'], format: 'esm', write: false },
} satisfies Record<string, BuildOptions>

async function gzipBytes(options: BuildOptions): Promise<number> {
  const { outputFiles } = await build({ ...options, write: false })
  const js = outputFiles.find((file) => file.path.endsWith('.js'))!
  return gzipSync(js.contents, { level: 9 }).length
}

/** Builds both bundles in memory and measures them as shipped (minified, gzip -9 like the bench's other figures). */
export async function measureSdkSize(): Promise<{ esmGzipBytes: number; iifeGzipBytes: number }> {
  const [esmGzipBytes, iifeGzipBytes] = await Promise.all(SDK_BUILDS.map(gzipBytes))
  return { esmGzipBytes: esmGzipBytes!, iifeGzipBytes: iifeGzipBytes! }
}

export const measureButtonSize = async () => ({ buttonIifeGzipBytes: await gzipBytes(BUTTON_BUILD) })

/** Each adapter's size once minified and gzipped, bundled alone. */
export async function measureAdapterSizes(): Promise<{ solanaGzipBytes: number; bitcoinGzipBytes: number }> {
  const [solanaGzipBytes, bitcoinGzipBytes] = await Promise.all(
    [ADAPTER_BUILDS.solana, ADAPTER_BUILDS.bitcoin].map((options) =>
      gzipBytes({ ...options, outfile: 'adapter.js' }),
    ),
  )
  return { solanaGzipBytes: solanaGzipBytes!, bitcoinGzipBytes: bitcoinGzipBytes! }
}
