/**
 * A third site (127.0.0.3) that is NOT on the dev project's allowlist: a real server, because
 * Chromium treats pages it did not fetch over the network as public and blocks their loopback frames.
 */
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { fileURLToPath } from 'node:url'
import type { StackConfig } from '@walletframe/stack'
import { BARRIER_KEY } from '@walletframe/testing'

export function foreignPages(stack: StackConfig): Record<string, (query: URLSearchParams) => string> {
  const networks = stack.devnet.chains.map((c) => ({
    id: c.chainId,
    name: c.name,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [c.rpcUrl] } },
  }))
  const attribute = (text: string) => text.replaceAll('&', '&amp;').replaceAll('"', '&quot;')
  return {
    /** Frames the address in `src` (a frame named `embedded`). */
    '/embed': (query) =>
      `<!doctype html><title>foreign</title><iframe name="embedded" src="${attribute(query.get('src') ?? 'about:blank')}"></iframe>`,
    /** Frames the modal directly. */
    '/embed-modal': () =>
      `<!doctype html><title>foreign</title><iframe id="m" src="${stack.modal.url}?projectId=${stack.projectId}"></iframe>`,
    /** Uses the real SDK for a project; records how open() ends. */
    '/sdk': (query) => `<!doctype html><title>foreign</title><body><h1>Another site</h1>
<script src="/walletframe.iife.js"></script>
<script>
  window.wf = WalletFrame.createWalletFrame(${JSON.stringify({ projectId: query.get('projectId') ?? '', modalUrl: stack.modal.url, networks })});
  window.outcome = window.wf.open().then(() => 'opened', (e) => 'rejected ' + e.code + ' ' + e.message);
</script></body>`,
    /**
     * Posts forged handshakes and envelopes to every sibling frame and records any answer; counts
     * in \`settled\` the test's barrier markers (${BARRIER_KEY}), which are not answers.
     */
    '/forger': () => `<!doctype html><title>forger</title><script>
  window.answers = [];
  window.settled = 0;
  const record = (what) => (event) => {
    if (event.data && event.data.${BARRIER_KEY} !== undefined) settled++;
    else answers.push(what);
  };
  addEventListener('message', record('window'));
  for (let i = 0; i < parent.frames.length; i++) {
    const target = parent.frames[i];
    if (target === window) continue;
    const hello = new MessageChannel();
    hello.port1.onmessage = record('hello answered');
    target.postMessage({ type: 'walletframe:hello', versions: [1], init: {} }, '*', [hello.port2]);
    target.postMessage({ v: 1, id: 'forged-1', kind: 'request', method: 'wallet.disconnect', params: {} }, '*');
  }
  window.done = true;
</script>`,
  }
}

export async function startForeignSite(stack: StackConfig, origin: string) {
  const pages = foreignPages(stack)
  const sdk = () =>
    readFileSync(fileURLToPath(new URL('../../packages/sdk/dist/walletframe.iife.js', import.meta.url)))
  const { hostname, port } = new URL(origin)
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', origin)
    if (url.pathname === '/walletframe.iife.js') {
      response.writeHead(200, { 'content-type': 'text/javascript' }).end(sdk())
      return
    }
    const page = pages[url.pathname]
    if (!page) {
      response.writeHead(404).end()
      return
    }
    response
      .writeHead(200, { 'content-type': 'text/html', 'cache-control': 'no-store' })
      .end(page(url.searchParams))
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(Number(port), hostname, resolve)
  })
  return { close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}
