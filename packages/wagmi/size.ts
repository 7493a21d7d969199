/**
 * What `@walletframe/wagmi` adds to a wagmi app, in gzip bytes (issue 13, `npm run bench`): the same
 * tiny @wagmi/core app bundled with and without the connector (esbuild, minified, gzip -9 like the
 * bench's other figures), the one subtracted from the other. The SDK comes in with the connector,
 * so the figure counts it too.
 */
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'

const root = fileURLToPath(new URL('.', import.meta.url))

/** A wagmi app: one chain and the injected connector, and WalletFrame's beside it if asked. */
const app = (withWalletFrame: boolean) => `
import { connect, createConfig, http, injected } from '@wagmi/core'
import { defineChain } from 'viem'
${withWalletFrame ? "import { walletFrame } from './src/index.ts'" : ''}
const chain = defineChain({ id: 31337, name: 'Devnet', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } } })
const config = createConfig({
  chains: [chain],
  connectors: [injected()${withWalletFrame ? ", walletFrame({ projectId: 'p', modalUrl: 'https://modal.example/' })" : ''}],
  transports: { [chain.id]: http() },
})
export const start = () => connect(config, { connector: config.connectors[0] })
`

async function appGzipBytes(withWalletFrame: boolean): Promise<number> {
  const { outputFiles } = await build({
    stdin: { contents: app(withWalletFrame), resolveDir: root, loader: 'ts' },
    absWorkingDir: root,
    bundle: true,
    minify: true,
    format: 'esm',
    target: 'es2020',
    platform: 'browser',
    write: false,
    // The workspace packages' sources, as the repository's other tools read them (docs/publishing.md).
    conditions: ['walletframe-source'],
  })
  return gzipSync(outputFiles[0]!.contents, { level: 9 }).length
}

export async function measureConnectorSize(): Promise<{ addedGzipBytes: number; appGzipBytes: number }> {
  const [without, withConnector] = [await appGzipBytes(false), await appGzipBytes(true)]
  return { addedGzipBytes: withConnector - without, appGzipBytes: without }
}
