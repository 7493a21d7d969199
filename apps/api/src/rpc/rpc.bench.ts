/**
 * Throughput and latency of the JSON-RPC endpoint (`POST /v1`, spec §7), for scripts/bench.ts or
 * alone: `npx tsx --conditions=walletframe-source apps/api/src/rpc/rpc.bench.ts`. autocannon (50 connections, in a worker thread)
 * against the API on loopback, proxying to an anvil of the test devnet; the same request sent to
 * anvil directly, and `GET /v1/supported-chains` on the same API, are the references the proxy's
 * cost is read against. Figures only, never asserted.
 */
import { pathToFileURL } from 'node:url'
import { devnetAccounts } from '@walletframe/devnet'
import { API_PATHS, RPC_PROXY_PATH } from '@walletframe/protocol'
import autocannon from 'autocannon'
import { startTestApi } from '../test-support/api.ts'
import { startTestDevnet } from '../test-support/devnet.ts'

const DURATION_S = Number(process.env.WF_BENCH_RPC_SECONDS ?? 5)
const CONNECTIONS = 50
const CLIENT = 'projectId=walletframe-dev&st=bench&sv=0.1.0'
const BATCH = 100

/** POST `body` as JSON, or GET without one. */
async function load(url: string, body?: unknown) {
  const result = await autocannon({
    url,
    ...(body === undefined
      ? {}
      : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    connections: CONNECTIONS,
    duration: DURATION_S,
    workers: 1,
  })
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  }
}

export async function benchRpcProxy(): Promise<Record<string, unknown>> {
  const devnet = await startTestDevnet({ fixtures: false })
  const api = await startTestApi(
    devnet,
    {},
    { indexer: { enabled: false, pollIntervalMs: 50, blockBatchSize: 100 } },
  )
  try {
    const chain = devnet.stack.devnet.chains[0]!
    const proxy = `${api.url}${RPC_PROXY_PATH}?${CLIENT}&chainId=eip155:${chain.chainId}`
    const accounts = devnetAccounts()
    const balance = (id: number) => ({
      jsonrpc: '2.0',
      id,
      method: 'eth_getBalance',
      params: [accounts[id % accounts.length]!.address, 'latest'],
    })
    const batch = Array.from({ length: BATCH }, (_, id) => ({
      ...balance(id),
      params: [`0x${id.toString(16).padStart(40, '0')}`, 'latest'],
    }))
    const warm = await fetch(proxy, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(balance(1)),
    })
    if (warm.status !== 200) throw new Error(`POST /v1 answered ${warm.status}: ${await warm.text()}`)
    return {
      rpcProxy: {
        connections: CONNECTIONS,
        durationSeconds: DURATION_S,
        upstream: 'one anvil on loopback',
        ethGetBalance: await load(proxy, balance(1)),
        ethGetBalanceDirectToAnvil: await load(chain.rpcUrl, balance(1)),
        [`batchOf${BATCH}EthGetBalance`]: await load(proxy, batch),
        // The same API stack (CORS, limits, project check) answering from memory: what any route costs.
        supportedChainsSameApi: await load(`${api.url}${API_PATHS.supportedChains}?${CLIENT}`),
      },
    }
  } finally {
    await api.close()
    await devnet.close()
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(JSON.stringify(await benchRpcProxy(), null, 2))
}
