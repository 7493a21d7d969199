/**
 * Throughput of `GET /getWallets?search=wal` through the whole API app (CORS, project check,
 * validation, catalogue filter, JSON) on a real HTTP server, with PGlite as the storage. Prints
 * JSON when run directly: `npx tsx --conditions=walletframe-source apps/api/src/registry/registry.bench.ts`.
 * Figures only: nothing here asserts a budget (shared machines are noisy).
 */
import { pathToFileURL } from 'node:url'
import { GetWalletsQuerySchema } from '@walletframe/protocol'
import { listen } from '@walletframe/stack'
import { openDatabase } from '../db/open.ts'
import { SUITE_RATE_LIMITS } from '../test-support/api.ts'
import { selectWallets, WalletCatalog } from './catalog.ts'
import { CLIENT, registryApp, testApiConfig } from './test-support.ts'

/** The part of autocannon's result used here (the package ships no types). */
interface AutocannonResult {
  requests: { average: number; total: number }
  latency: { p50: number; p99: number; average: number }
  non2xx: number
  errors: number
  timeouts: number
}
type Autocannon = (options: {
  url: string
  connections: number
  duration: number
}) => Promise<AutocannonResult>

const CONNECTIONS = 50
const DURATION_S = Number(process.env.WF_BENCH_REGISTRY_SECONDS ?? 5)
const QUERY = 'search=wal'

export async function benchRegistry(): Promise<Record<string, unknown>> {
  // A variable specifier: autocannon has no type declarations, and this keeps tsc from asking.
  const specifier = 'autocannon'
  const autocannon = ((await import(specifier)) as { default: Autocannon }).default
  const db = await openDatabase({})
  const server = await listen({
    fetch: registryApp(db, {}, { ...testApiConfig(), rateLimits: SUITE_RATE_LIMITS }).fetch,
    hostname: '127.0.0.1',
    port: 0,
  })
  try {
    const url = `http://127.0.0.1:${server.port}/getWallets?${CLIENT}&${QUERY}`
    // The first request seeds and loads the catalogue; it is not what is measured.
    const warm = await fetch(url)
    if (!warm.ok) throw new Error(`warm-up request failed: ${warm.status} ${await warm.text()}`)
    const { count } = (await warm.json()) as { count: number }

    const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S })
    return {
      route: `GET /getWallets?${QUERY}`,
      storage: db.kind,
      matches: count,
      connections: CONNECTIONS,
      durationS: DURATION_S,
      requestsPerSec: Math.round(result.requests.average),
      latencyP50Ms: result.latency.p50,
      latencyP99Ms: result.latency.p99,
      requests: result.requests.total,
      non2xx: result.non2xx,
      errors: result.errors,
      timeouts: result.timeouts,
      filterOnlyPerSec: await filterRate(db),
    }
  } finally {
    // Cuts autocannon's keep-alive sockets, which would otherwise hold the close open.
    await server.close()
    await db.close()
  }
}

/** The catalogue filter alone, in process: how much of a request is the search itself. */
async function filterRate(db: Awaited<ReturnType<typeof openDatabase>>): Promise<number> {
  const snapshot = await new WalletCatalog(db).snapshot()
  const query = GetWalletsQuerySchema.parse({ projectId: 'p', st: 'bench', sv: '1', search: 'wal' })
  const deadline = performance.now() + 500
  let runs = 0
  while (performance.now() < deadline) {
    for (let i = 0; i < 100; i++) selectWallets(snapshot, query)
    runs += 100
  }
  return Math.round(runs / 0.5)
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(JSON.stringify(await benchRegistry(), null, 2))
}
