/**
 * Data API figures (`benchApi()`, for scripts/bench.ts; or `npm run bench -w @walletframe/api`):
 * - the indexer's catch-up speed on a devnet holding ≥ 10,000 transfers (a fresh indexer, from
 *   block 0), on PGlite and, when Postgres can be started, on Postgres;
 * - requests/s, p50 and p99 of a cached balance and of a history page, autocannon on loopback with
 *   50 connections. The load runs in a worker thread, so it does not share the server's event loop.
 * - the same cached balance while another client storms `forceUpdate=true` on one address (issue
 *   10 §1: throttled per address, so the storm costs almost no chain reads and the other client
 *   keeps its latency).
 * Budget: cached balance ≥ 2,000 req/s with p99 ≤ 50 ms. Figures are reported, never asserted.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { devnetAccounts, seedTransfers } from '@walletframe/devnet'
import { startTestPostgres } from '@walletframe/testing/postgres'
import autocannon from 'autocannon'
import type { RunningApi } from './server.ts'
import { startTestApi, type TestStorage } from './test-support/api.ts'
import { startTestDevnet, type TestDevnet } from './test-support/devnet.ts'

const TRANSFERS = Number(process.env.WF_BENCH_API_TRANSFERS ?? 10_000)
const DURATION_S = Number(process.env.WF_BENCH_API_SECONDS ?? 5)
const CONNECTIONS = 50
const CLIENT = 'projectId=walletframe-dev&st=bench&sv=0.1.0'

const round = (value: number, digits = 1) => Number(value.toFixed(digits))

async function load(url: string) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, workers: 1 })
  return {
    requestsPerSecond: round(result.requests.average, 0),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  }
}

/** `load(goodUrl)` while as many connections send `stormUrl` for the same time. */
async function loadDuringStorm(goodUrl: string, stormUrl: string) {
  const [wellBehaved, storm] = await Promise.all([
    load(goodUrl),
    autocannon({ url: stormUrl, connections: CONNECTIONS, duration: DURATION_S, workers: 1 }),
  ])
  return { wellBehaved, storm: { requests: storm.requests.total, refused: storm.non2xx } }
}

/** Starts an API whose indexer is off, then times a fresh indexer from block 0 to the head. */
async function catchUp(devnet: TestDevnet, storage: TestStorage, toBlock: bigint) {
  const api = await startTestApi(devnet, storage, {
    indexer: { enabled: false, pollIntervalMs: 50, blockBatchSize: 100 },
  })
  const chain = devnet.stack.devnet.chains[0]!
  const started = performance.now()
  api.indexer.start()
  await api.indexer.waitFor(chain.chainId, toBlock, 600_000)
  const seconds = (performance.now() - started) / 1000
  const [row] = await api.context.db.query<{ transfers: number }>(
    'SELECT count(*)::int AS transfers FROM transfers WHERE chain_id = $1',
    [chain.chainId],
  )
  const transfers = row?.transfers ?? 0
  return {
    api,
    figures: {
      transfers,
      blocks: Number(toBlock) + 1,
      seconds: round(seconds, 2),
      transfersPerSecond: round(transfers / seconds, 0),
    },
  }
}

export async function benchApi(): Promise<Record<string, unknown>> {
  const devnet = await startTestDevnet()
  const cleanups: Array<() => Promise<unknown>> = [() => devnet.close()]
  try {
    const chain = devnet.stack.devnet.chains[0]!
    const seeded = await seedTransfers(chain, TRANSFERS)

    // PGlite: the default storage, and the API the HTTP figures are taken on.
    const dataDir = await mkdtemp(join(tmpdir(), 'wf-api-bench-'))
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }))
    const pglite = await catchUp(devnet, { dataDir }, seeded.toBlock)
    const api: RunningApi = pglite.api
    cleanups.push(() => api.close())

    let postgresCatchUp: Record<string, unknown>
    let postgresApi: RunningApi | undefined
    try {
      const postgres = await startTestPostgres()
      cleanups.push(() => postgres.close())
      const run = await catchUp(devnet, { databaseUrl: postgres.url }, seeded.toBlock)
      postgresApi = run.api
      cleanups.push(() => run.api.close())
      postgresCatchUp = run.figures
    } catch (error) {
      postgresCatchUp = { skipped: `Postgres unavailable: ${(error as Error).message.split('\n')[0]}` }
    }

    // A holder with a long history: account #0 received a quarter of the seeded transfers.
    const holder = devnetAccounts()[0]!.address
    const balanceUrl = `${api.url}/v1/account/${holder}/balance?${CLIENT}&chainId=eip155:${chain.chainId}&currency=usd`
    const historyPath = `/v1/account/${holder}/history?${CLIENT}&chainId=eip155:${chain.chainId}`
    const warm = await fetch(balanceUrl)
    if (warm.status !== 200) throw new Error(`balance answered ${warm.status}: ${await warm.text()}`)
    const page = await fetch(`${api.url}${historyPath}`)
    if (page.status !== 200) throw new Error(`history answered ${page.status}: ${await page.text()}`)

    return {
      api: {
        connections: CONNECTIONS,
        durationSeconds: DURATION_S,
        cachedBalance: { ...(await load(balanceUrl)), budget: '>= 2000 req/s, p99 <= 50 ms' },
        cachedBalanceDuringForceUpdateStorm: await loadDuringStorm(
          balanceUrl,
          `${api.url}/v1/account/${devnetAccounts()[1]!.address}/balance?${CLIENT}&forceUpdate=true`,
        ),
        historyPage: {
          pglite: await load(`${api.url}${historyPath}`),
          ...(postgresApi ? { postgres: await load(`${postgresApi.url}${historyPath}`) } : {}),
        },
        indexerCatchUp: { pglite: pglite.figures, postgres: postgresCatchUp },
      },
    }
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch((error) => console.error(error))
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(JSON.stringify(await benchApi(), null, 2))
}
