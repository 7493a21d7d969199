/**
 * A sandbox of an Esplora-compatible API (Blockstream's esplora, mempool.space): the one route the
 * data API reads, `GET /address/:address`, answered as Esplora does — `chain_stats` and
 * `mempool_stats` with funded/spent sums in satoshis, zeros for an address never used, a 400 text for
 * an address of another network. It stands in for the public API the repo cannot reach offline.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface EsploraStats {
  funded: number
  spent: number
  mempoolFunded?: number
  mempoolSpent?: number
}

export interface EsploraSandbox {
  /** The API's base URL, as WF_ESPLORA_URLS names it. */
  url: string
  /** Sets what the sandbox reports for an address. */
  set(address: string, stats: EsploraStats): void
  /** Answers every request with this status (an outage) until set back to undefined. */
  failWith(status: number | undefined): void
  /** The addresses asked for so far, in order. */
  readonly requests: string[]
  close(): Promise<void>
}

const txoStats = (funded: number, spent: number) => ({
  funded_txo_count: funded > 0 ? 1 : 0,
  funded_txo_sum: funded,
  spent_txo_count: spent > 0 ? 1 : 0,
  spent_txo_sum: spent,
  tx_count: (funded > 0 ? 1 : 0) + (spent > 0 ? 1 : 0),
})

/** `addressPrefix`: what the network's addresses start with (`tb1` on testnet); others get a 400. */
export async function startEsploraSandbox(addressPrefix: string): Promise<EsploraSandbox> {
  const table = new Map<string, EsploraStats>()
  const requests: string[] = []
  let failure: number | undefined
  const server = createServer((request, response) => {
    const match = /^\/api\/address\/([^/?]+)$/.exec(request.url ?? '')
    if (request.method !== 'GET' || !match) return response.writeHead(404).end('Not Found')
    const address = decodeURIComponent(match[1]!)
    requests.push(address)
    if (failure) return response.writeHead(failure).end('Internal Server Error')
    if (!address.startsWith(addressPrefix)) return response.writeHead(400).end('Invalid Bitcoin address')
    const stats = table.get(address) ?? { funded: 0, spent: 0 }
    response.writeHead(200, { 'content-type': 'application/json' })
    response.end(
      JSON.stringify({
        address,
        chain_stats: txoStats(stats.funded, stats.spent),
        mempool_stats: txoStats(stats.mempoolFunded ?? 0, stats.mempoolSpent ?? 0),
      }),
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/api`,
    set: (address, stats) => table.set(address, stats),
    failWith: (status) => {
      failure = status
    },
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
