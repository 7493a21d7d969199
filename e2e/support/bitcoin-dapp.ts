/**
 * A dapp with Bitcoin (issue 15 point 5): the SDK with its bitcoin adapter, as an integrator bundles
 * them (`@walletframe/sdk` and `@walletframe/sdk/bitcoin`, the built packages: run
 * `npx turbo run build` first), configured with the devnet's first chain and Bitcoin testnet; its
 * instance is `window.wf`. Like sdk-site.ts, the page has a site of its own (127.0.0.1, free port)
 * and a modal server of its own (127.0.0.2) that allows it: Chromium lets a page reach the loopback
 * modal only from a loopback page, so the page is served, not routed.
 */
import { createServer } from 'node:http'
import { fileURLToPath } from 'node:url'
import { loadProjects, startModalServer } from '@walletframe/modal-host/server'
import { freePort } from '@walletframe/testing'
import { build } from 'esbuild'
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
export interface BitcoinDapp {
  pageUrl: string
  modalOrigin: string
  close(): Promise<void>
}

export async function startBitcoinDapp(): Promise<BitcoinDapp> {
  const [pagePort, modalPort] = [await freePort(stack.dapp.host), await freePort(stack.modal.host)]
  const pageOrigin = `http://${stack.dapp.host}:${pagePort}`
  const chain = stack.devnet.chains[0]!
  const modalOrigin = `http://${stack.modal.host}:${modalPort}`
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
  const script = await pageScript()
  const page = `<!doctype html><title>Bitcoin dapp</title><body>
<script id="config" type="application/json">${JSON.stringify(config)}</script>
<script src="/bitcoin-dapp.js"></script></body>`
  const host = createServer((request, response) => {
    if (request.url === '/bitcoin-dapp.js')
      response.writeHead(200, { 'content-type': 'text/javascript' }).end(script)
    else response.writeHead(200, { 'content-type': 'text/html' }).end(page)
  })
  await new Promise<void>((resolve) => host.listen(pagePort, stack.dapp.host, resolve))
  const modal = await startModalServer({
    host: stack.modal.host,
    port: modalPort,
    distDir: fileURLToPath(new URL('../../apps/modal-host/dist', import.meta.url)),
    projects: loadProjects({ devProjectId: stack.projectId, devOrigins: [pageOrigin] }),
  })
  return {
    pageUrl: `${pageOrigin}/`,
    modalOrigin,
    async close() {
      await modal.close()
      host.closeAllConnections()
      await new Promise<void>((resolve) => host.close(() => resolve()))
    },
  }
}
