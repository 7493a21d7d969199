/**
 * A host page on a site of its own (127.0.0.1, free port) for the Solana e2e: solana-kit/page.ts
 * bundled with esbuild (the SDK and its Solana adapter from source, @solana/kit, the test wallet),
 * and a modal server of its own that allows the page's origin (as sdk-site.ts does).
 */
import { createServer } from 'node:http'
import { fileURLToPath } from 'node:url'
import { loadProjects, type ModalServer, startModalServer } from '@walletframe/modal-host/server'
import { freePort } from '@walletframe/testing'
import { build } from 'esbuild'
import type { SolanaPageConfig } from './solana-kit/page.ts'
import { testStack } from './test-stack.ts'

const stack = testStack()

export interface SolanaSite {
  pageUrl: string
  close(): Promise<void>
}

export async function startSolanaSite(seed: Uint8Array): Promise<SolanaSite> {
  const [pagePort, modalPort] = [await freePort(stack.dapp.host), await freePort(stack.modal.host)]
  const pageOrigin = `http://${stack.dapp.host}:${pagePort}`
  const config: SolanaPageConfig = {
    projectId: stack.projectId,
    modalUrl: `http://${stack.modal.host}:${modalPort}/`,
    evmNetworks: stack.devnet.chains.map((chain) => ({
      id: chain.chainId,
      name: chain.name,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [chain.rpcUrl] } },
    })),
    solanaRpcUrl: stack.solana.rpcUrl,
    seed: [...seed],
  }
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
  const html = `<!doctype html><title>solana kit site</title><body>
<script>window.__SOLANA_PAGE__ = ${JSON.stringify(config)};</script>
<script type="module" src="/page.js"></script></body>`
  const host = createServer((request, response) => {
    if (request.url === '/page.js') response.writeHead(200, { 'content-type': 'text/javascript' }).end(script)
    else response.writeHead(200, { 'content-type': 'text/html' }).end(html)
  })
  await new Promise<void>((resolve) => host.listen(pagePort, stack.dapp.host, resolve))
  const modal: ModalServer = await startModalServer({
    host: stack.modal.host,
    port: modalPort,
    distDir: fileURLToPath(new URL('../../apps/modal-host/dist', import.meta.url)),
    projects: loadProjects({ devProjectId: stack.projectId, devOrigins: [pageOrigin] }),
  })
  return {
    pageUrl: `${pageOrigin}/`,
    async close() {
      await modal.close()
      host.closeAllConnections()
      await new Promise<void>((resolve) => host.close(() => resolve()))
    },
  }
}
