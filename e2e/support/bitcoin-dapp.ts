/**
 * A dapp page with Bitcoin (issue 15 point 5): the SDK with its bitcoin adapter, as an integrator
 * bundles them (`@walletframe/sdk` and `@walletframe/sdk/bitcoin`, the built packages), configured
 * with the devnet's first chain and Bitcoin testnet; its instance is `window.wf`. It is served on the
 * stack's dapp origin (which the dev project allows) by `page.route`, so it talks to the stack's modal.
 */
import { fileURLToPath } from 'node:url'
import type { Page } from '@playwright/test'
import { build } from 'esbuild'
import { stack } from './fixtures.ts'

export const BITCOIN_DAPP_URL = `${stack.dapp.origin}/bitcoin-dapp.html`
const SCRIPT_URL = `${stack.dapp.origin}/bitcoin-dapp.js`

/** The page's script: bundled from the packages' exports, so it needs `npx turbo run build` first. */
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

let bundle: Promise<string> | undefined

function pageBundle(): Promise<string> {
  bundle ??= build({
    stdin: { contents: PAGE_SCRIPT, resolveDir: fileURLToPath(new URL('.', import.meta.url)), loader: 'js' },
    bundle: true,
    write: false,
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
    logLevel: 'silent',
  }).then((result) => result.outputFiles[0]!.text)
  return bundle
}

/** Serves the Bitcoin dapp page and opens it (inject the test Bitcoin wallet first). */
export async function openBitcoinDapp(page: Page) {
  const chain = stack.devnet.chains[0]!
  const config = {
    projectId: stack.projectId,
    modalUrl: stack.modal.url,
    evmNetwork: {
      id: chain.chainId,
      name: chain.name,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [chain.rpcUrl] } },
    },
  }
  const script = await pageBundle()
  await page.route(SCRIPT_URL, (route) => route.fulfill({ contentType: 'text/javascript', body: script }))
  await page.route(BITCOIN_DAPP_URL, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><title>Bitcoin dapp</title><body>
<script id="config" type="application/json">${JSON.stringify(config)}</script>
<script src="${SCRIPT_URL}"></script></body>`,
    }),
  )
  await page.goto(BITCOIN_DAPP_URL)
}
