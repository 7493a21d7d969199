/**
 * A dapp with Bitcoin (issue 15 point 5): the SDK with its bitcoin adapter, as an integrator bundles
 * them (`@walletframe/sdk` and `@walletframe/sdk/bitcoin`, the built packages: run
 * `npx turbo run build` first), configured with the devnet's first chain and Bitcoin testnet; its
 * instance is `window.wf`. Like sdk-site.ts, the page has a site of its own (127.0.0.1, free port)
 * and a modal server of its own (127.0.0.2) that allows it: Chromium lets a page reach the loopback
 * modal only from a loopback page, so the page is served, not routed.
 */
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { type OwnSite, startOwnSite } from './own-site.ts'
import { testStack } from './test-stack.ts'

const stack = testStack()

/** The page's script, bundled from the packages' exports as an integrator's bundler would. */
const PAGE_SCRIPT = `
import { createWalletFrame } from '@walletframe/sdk'
import { bitcoinAdapter } from '@walletframe/sdk/bitcoin'
import { bitcoinTestnet } from '@walletframe/sdk/networks'

const config = JSON.parse(document.getElementById('config').textContent)
window.wf = createWalletFrame({
  projectId: config.projectId,
  modalUrl: config.modalUrl,
  networks: [config.evmNetwork, bitcoinTestnet],
  adapters: [bitcoinAdapter()],
})
`

async function pageScript(): Promise<string> {
  const result = await build({
    stdin: { contents: PAGE_SCRIPT, resolveDir: fileURLToPath(new URL('.', import.meta.url)), loader: 'js' },
    bundle: true,
    write: false,
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
    logLevel: 'silent',
  })
  return result.outputFiles[0]!.text
}

/** Shaped like an example site, so `exampleModalFrame` finds its modal. */
export type BitcoinDapp = OwnSite

export async function startBitcoinDapp(): Promise<BitcoinDapp> {
  const chain = stack.devnet.chains[0]!
  const script = await pageScript()
  return startOwnSite({
    handler: ({ modalOrigin }) => {
      const config = {
        projectId: stack.projectId,
        modalUrl: `${modalOrigin}/`,
        evmNetwork: {
          id: chain.chainId,
          name: chain.name,
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          rpcUrls: { default: { http: [chain.rpcUrl] } },
        },
      }
      const page = `<!doctype html><title>Bitcoin dapp</title><body>
<script id="config" type="application/json">${JSON.stringify(config)}</script>
<script src="/bitcoin-dapp.js"></script></body>`
      return (request, response) => {
        if (request.url === '/bitcoin-dapp.js')
          response.writeHead(200, { 'content-type': 'text/javascript' }).end(script)
        else response.writeHead(200, { 'content-type': 'text/html' }).end(page)
      }
    },
  })
}
