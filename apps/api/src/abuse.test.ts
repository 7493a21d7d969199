/**
 * Abuse of the data API over real sockets (issue 10 §1), with the default limits: a forceUpdate
 * storm and a POST /e flood are bounded (chain reads and stored rows counted), while a
 * well-behaved client on another address is served; its latency is printed, never asserted.
 */
import { devnetAccounts } from '@walletframe/devnet'
import { FORCE_UPDATE_INTERVAL } from '@walletframe/protocol'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resolveRateLimits } from './config.ts'
import type { RunningApi } from './server.ts'
import { clientQuery, startTestApi, testApiConfig } from './test-support/api.ts'
import { startTestDevnet, type TestDevnet } from './test-support/devnet.ts'
import { type RpcCounter, requestFrom, startRpcCounter } from './test-support/rpc-counter.ts'

const ATTACKERS = Array.from({ length: 10 }, (_, i) => `127.0.0.${10 + i}`)
const GOOD_CLIENT = '127.0.0.5'
const FLOOD = 3_000

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] ?? 0

/** `count` requests, `concurrency` at a time, the i-th from ATTACKERS[i % 10]. */
async function flood<T>(count: number, concurrency: number, send: (from: string, i: number) => Promise<T>) {
  const results: T[] = []
  for (let start = 0; start < count; start += concurrency) {
    const batch = Array.from({ length: Math.min(concurrency, count - start) }, (_, j) => start + j)
    results.push(...(await Promise.all(batch.map((i) => send(ATTACKERS[i % ATTACKERS.length]!, i)))))
  }
  return results
}

describe('the data API under abuse', () => {
  let devnet: TestDevnet
  let rpc: RpcCounter
  let api: RunningApi
  let modalOrigin: string

  beforeAll(async () => {
    devnet = await startTestDevnet()
    const chain = devnet.stack.devnet.chains[0]!
    rpc = await startRpcCounter(chain.rpcUrl)
    // Chain A's reads go through the counter; the indexer is off, so every read is a request's.
    api = await startTestApi(
      devnet,
      {},
      {
        rateLimits: resolveRateLimits({}),
        indexer: { enabled: false, pollIntervalMs: 1_000, blockBatchSize: 100 },
        chains: testApiConfig(devnet, {}).chains.map((entry) =>
          entry.chainId === chain.chainId ? { ...entry, rpcUrl: rpc.url } : entry,
        ),
      },
    )
    modalOrigin = api.context.config.projects[0]!.allowedOrigins[0]!
  }, 120_000)
  afterAll(async () => {
    await api?.close()
    await rpc?.close()
    await devnet?.close()
  })

  it('bounds a forceUpdate storm to one chain read per address and interval, serving others', async () => {
    const victim = devnetAccounts()[1]!.address
    const balance = (address: string, extra: Record<string, string> = {}) =>
      `${api.url}/v1/account/${address}/balance?${clientQuery({ chainId: 'eip155:31337', ...extra })}`
    const before = rpc.calls
    expect((await requestFrom(GOOD_CLIENT, balance(victim, { forceUpdate: 'true' }))).status).toBe(200)
    const oneRead = rpc.calls - before
    expect(oneRead).toBeGreaterThan(0)

    const other = devnetAccounts()[2]!.address
    expect((await requestFrom(GOOD_CLIENT, balance(other))).status).toBe(200)

    const stormStart = rpc.calls
    const started = performance.now()
    const good: number[] = []
    const served = (async () => {
      for (let i = 0; i < 20; i++) {
        const answer = await requestFrom(GOOD_CLIENT, balance(other))
        expect(answer.status).toBe(200)
        good.push(answer.ms)
      }
    })()
    const storm = await flood(400, 50, (from) => requestFrom(from, balance(victim, { forceUpdate: 'true' })))
    await served
    const reads = rpc.calls - stormStart
    // One forced read per interval begun since the first (none, unless this machine is very slow).
    const windows = Math.floor((performance.now() - started) / (FORCE_UPDATE_INTERVAL.seconds * 1000))
    const forced = storm.filter((r) => r.status === 200).length
    console.log(
      `forceUpdate storm: 400 requests from 10 addresses → ${forced} served, ${reads} chain reads ` +
        `(one forced read costs ${oneRead}); a well-behaved client meanwhile: ` +
        `p50 ${percentile(good, 0.5).toFixed(1)} ms, max ${Math.max(...good).toFixed(1)} ms`,
    )
    expect(forced).toBeLessThanOrEqual(windows)
    expect(reads).toBeLessThanOrEqual(forced * oneRead)
    expect(storm.filter((r) => r.status === 429).length).toBe(400 - forced)
    expect(storm.every((r) => r.status !== 429 || Number(r.retryAfter) >= 1)).toBe(true)
  })

  it('bounds a POST /e flood: rows stored per IP, nothing from other origins or as text/plain', async () => {
    const countRows = async () =>
      (await api.context.db.query<{ n: number }>('SELECT count(*)::int AS n FROM analytics_events'))[0]!.n
    const event = () =>
      JSON.stringify({
        eventId: crypto.randomUUID(),
        url: 'https://dapp.example/',
        domain: 'dapp.example',
        timestamp: Date.now(),
        props: { type: 'track', event: 'MODAL_OPEN', properties: { connected: false } },
      })
    const post = (from: string, headers: Record<string, string>) =>
      requestFrom(from, `${api.url}/e?${clientQuery()}`, { method: 'POST', headers, body: event() })
    const json = { 'Content-Type': 'application/json', Origin: modalOrigin }
    const before = await countRows()

    const good: number[] = []
    const served = (async () => {
      for (let i = 0; i < 10; i++) {
        const answer = await post(GOOD_CLIENT, json)
        expect(answer.status).toBe(204)
        good.push(answer.ms)
      }
    })()
    const foreign = await flood(300, 50, (from, i) =>
      post(
        from,
        i % 2
          ? { ...json, Origin: 'https://evil.example' }
          : { Origin: modalOrigin, 'Content-Type': 'text/plain' },
      ),
    )
    const started = performance.now()
    const allowed = await flood(FLOOD, 50, (from) => post(from, json))
    const minutes = (performance.now() - started) / 60_000
    await served
    const stored = (await countRows()) - before
    const rule = resolveRateLimits({}).eventsPerIp
    // Each address's burst plus what its bucket refilled while the flood ran.
    const budget = ATTACKERS.length * Math.ceil(rule.capacity + rule.refillPerMinute * minutes)
    const accepted = allowed.filter((r) => r.status === 204).length
    console.log(
      `POST /e flood: ${FLOOD} events from 10 addresses in ${(minutes * 60).toFixed(1)} s → ${accepted} stored ` +
        `(budget ${budget}); a well-behaved client meanwhile: p50 ${percentile(good, 0.5).toFixed(1)} ms, ` +
        `max ${Math.max(...good).toFixed(1)} ms`,
    )
    expect(foreign.map((r) => r.status).sort()).toEqual([...Array(150).fill(403), ...Array(150).fill(415)])
    expect(accepted).toBeLessThanOrEqual(budget)
    // 300 per address: accepting them all would take the bucket 90 s of refill.
    expect(allowed.filter((r) => r.status === 429).length).toBeGreaterThan(0)
    expect(allowed.filter((r) => r.status === 429)).toHaveLength(FLOOD - accepted)
    expect(stored).toBe(accepted + 10)
  })
})
