/**
 * A host page on a site of its own (127.0.0.1, free port) for the Solana e2e: solana-kit/page.ts
 * bundled with esbuild (the SDK and its Solana adapter from source, @solana/kit, the test wallet),
 * and a modal server of its own that allows the page's origin (as sdk-site.ts does).
 */
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { startOwnSite } from './own-site.ts'
import type { SolanaPageConfig } from './solana-kit/page.ts'
import { testStack } from './test-stack.ts'

const stack = testStack()

export interface SolanaSite {
  pageUrl: string
  close(): Promise<void>
}

export async function startSolanaSite(seed: Uint8Array): Promise<SolanaSite> {
  const { outputFiles } = await build({
    entryPoints: [fileURLToPath(new URL('./solana-kit/page.ts', import.meta.url))],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    conditions: ['walletframe-source'],
  })
  const script = outputFiles[0]!.text
  return startOwnSite({
    handler: ({ modalOrigin }) => {
      const config: SolanaPageConfig = {
        projectId: stack.projectId,
        modalUrl: `${modalOrigin}/`,
        evmNetworks: stack.devnet.chains.map((chain) => ({
          id: chain.chainId,
          name: chain.name,
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          rpcUrls: { default: { http: [chain.rpcUrl] } },
        })),
        solanaRpcUrl: stack.solana.rpcUrl,
        seed: [...seed],
      }
      const html = `<!doctype html><title>solana kit site</title><body>
<script>window.__SOLANA_PAGE__ = ${JSON.stringify(config)};</script>
<script type="module" src="/page.js"></script></body>`
      return (request, response) => {
        if (request.url === '/page.js')
          response.writeHead(200, { 'content-type': 'text/javascript' }).end(script)
        else response.writeHead(200, { 'content-type': 'text/html' }).end(html)
      }
    },
  })
}
