/**
 * What every page of the peer bench gives the harness (scripts/bench-peers): a way to open the
 * product's modal and to learn when the modal is in the document, the same for every product.
 * `?openAtLoad` opens it as soon as the product can, and records when it showed
 * (`peerVisibleAt`, ms since navigation start).
 */
export interface Peer {
  /** The product can open its modal (the React peers: once their hook is mounted). */
  ready: Promise<void>
  /** The page has settled: the product has finished what it does after load by itself. */
  settled: Promise<unknown>
  open(): void
  /** Resolves when the modal is on the page; armed before `open()`. */
  whenVisible(): Promise<void>
}

declare global {
  interface Window {
    peer?: Peer
    peerOpenTimed?: () => Promise<number>
    peerVisibleAt?: number
  }
}

export const query = new URLSearchParams(location.search)

/** The devnet chain the harness passes in the query: `chainId` and `rpc`. */
export const devnet = {
  id: Number(query.get('chainId')),
  name: 'Devnet',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [query.get('rpc') ?? ''] } },
}

/** A well-formed but unregistered project id: the vendors' clouds are unreachable here anyway. */
export const FAKE_PROJECT_ID = '0123456789abcdef0123456789abcdef'

export function expose(peer: Peer): void {
  window.peer = peer
  window.peerOpenTimed = async () => {
    const seen = peer.whenVisible()
    const started = performance.now()
    peer.open()
    await seen
    return performance.now() - started
  }
  if (query.has('openAtLoad'))
    void peer.ready
      .then(() => {
        const seen = peer.whenVisible()
        peer.open()
        return seen
      })
      .then(() => {
        window.peerVisibleAt = performance.now()
      })
}

/** Resolves at the first change under `root` after which `test()` holds (or at once if it does). */
export function domSignal(root: Node, test: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    if (test()) return resolve()
    const observer = new MutationObserver(() => {
      if (!test()) return
      observer.disconnect()
      resolve()
    })
    observer.observe(root, { childList: true, subtree: true, attributes: true })
  })
}
