/**
 * A host page with nothing but the drop-in SDK (its instance as `window.wf`), on a site of its own
 * (127.0.0.1, free port), and a modal server of its own (127.0.0.2) that the test may stop and start
 * again on the same port: the faults of issue 10 ("the dapp can be locked") need both in hand.
 */
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { fileURLToPath } from 'node:url'
import { loadProjects, type ModalServer, startModalServer } from '@walletframe/modal-host/server'
import { freePort } from '@walletframe/testing'
import { testStack } from './test-stack.ts'

const stack = testStack()
const built = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url))

export interface SdkSite {
  /** The host page; `?preload` loads the frame at creation. */
  pageUrl: string
  modalOrigin: string
  stopModal(): Promise<void>
  startModal(): Promise<void>
  close(): Promise<void>
}

/** What a call ended with, as the page saw it: `ok`, or the WalletFrameError's fields. */
export type Outcome = { ok: true } | { ok: false; code: number; reason: string; message: string }

export async function startSdkSite(): Promise<SdkSite> {
  const [pagePort, modalPort] = [await freePort(stack.dapp.host), await freePort(stack.modal.host)]
  const pageOrigin = `http://${stack.dapp.host}:${pagePort}`
  const modalUrl = `http://${stack.modal.host}:${modalPort}/`
  const networks = stack.devnet.chains.map((chain) => ({
    id: chain.chainId,
    name: chain.name,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [chain.rpcUrl] } },
  }))
  const page = (preload: boolean) => `<!doctype html><title>sdk site</title><body><button>page button</button>
<script src="/walletframe.iife.js"></script>
<script>
  window.wf = WalletFrame.createWalletFrame(${JSON.stringify({ projectId: stack.projectId, modalUrl, networks, preload })});
  window.outcome = (promise) => promise.then(
    () => ({ ok: true }),
    (e) => ({ ok: false, code: e.code, reason: e.reason, message: e.message }),
  );
</script></body>`
  const host = createServer((request, response) => {
    const url = new URL(request.url ?? '/', pageOrigin)
    if (url.pathname === '/walletframe.iife.js')
      response
        .writeHead(200, { 'content-type': 'text/javascript' })
        .end(readFileSync(built('packages/sdk/dist/walletframe.iife.js')))
    else response.writeHead(200, { 'content-type': 'text/html' }).end(page(url.searchParams.has('preload')))
  })
  await new Promise<void>((resolve) => host.listen(pagePort, stack.dapp.host, resolve))

  let modal: ModalServer | undefined
  const startModal = async () => {
    modal = await startModalServer({
      host: stack.modal.host,
      port: modalPort,
      distDir: built('apps/modal-host/dist'),
      projects: loadProjects({ devProjectId: stack.projectId, devOrigins: [pageOrigin] }),
    })
  }
  const stopModal = async () => {
    await modal?.close()
    modal = undefined
  }
  await startModal()
  return {
    pageUrl: `${pageOrigin}/`,
    modalOrigin: new URL(modalUrl).origin,
    startModal,
    stopModal,
    async close() {
      await stopModal()
      host.closeAllConnections()
      await new Promise<void>((resolve) => host.close(() => resolve()))
    },
  }
}
