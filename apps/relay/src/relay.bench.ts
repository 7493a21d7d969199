/**
 * Relay figures for `npm run bench` (the lead wires `benchRelay` into scripts/bench.ts):
 * - 100 client pairs of bare sockets on loopback publishing to each other, against a relay in
 *   its own process: messages/s at saturation, and publish→delivery p50/p99 at a steady
 *   5,000 messages/s (the budget: ≥ 5,000/s with p99 ≤ 20 ms);
 * - the same across two relay processes sharing Redis, when redis-server is installed;
 * - connect()→approval for sign-client and a walletkit peer (budget: median ≤ 300 ms).
 * Returns the figures and prints nothing; budgets are tracked, not asserted.
 */
import { performance } from 'node:perf_hooks'
import { hasRedisServer, startRedisServer } from '@walletframe/testing'
import { closeCore, connectPeers, createDapp, createWallet } from '@walletframe/testing/walletconnect'
import { createIdentity } from './testing/identity.ts'
import { RawClient } from './testing/raw-client.ts'
import { type RelayProcess, startRelayProcess } from './testing/relay-process.ts'

const PAIRS = Number(process.env.WF_BENCH_RELAY_PAIRS ?? 100)
const TARGET_RATE = 5000
const PHASE_MS = Number(process.env.WF_BENCH_RELAY_MS ?? 3000)
const WARMUP_MS = 1000
const APPROVAL_RUNS = Number(process.env.WF_BENCH_APPROVAL_RUNS ?? 10)
/** About the size of an encrypted WalletConnect request. */
const PADDING = 'x'.repeat(480)
/**
 * The relay's per-connection publish limit would otherwise cap the saturation run, and its
 * per-address limit refuse the clients: they all come from 127.0.0.1.
 */
const RELAY_ENV = { WF_RELAY_PUBLISH_RATE: '1000000', WF_RELAY_MAX_CONNECTIONS_PER_IP: '10000' }

const round = (value: number, digits = 2) => Number(value.toFixed(digits))
const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

interface Pair {
  topic: string
  ends: [RawClient, RawClient]
}

/** Each pair shares a topic; one end connects to `urlA`, the other to `urlB`. */
async function connectPairs(urlA: string, urlB: string): Promise<Pair[]> {
  return Promise.all(
    Array.from({ length: PAIRS }, async (_, index) => {
      const topic = `${createIdentity().clientId.slice(-40)}${String(index).padStart(24, '0')}`
      const ends: [RawClient, RawClient] = [await RawClient.connect(urlA), await RawClient.connect(urlB)]
      await Promise.all(ends.map((end) => end.request('irn_subscribe', { topic })))
      return { topic, ends }
    }),
  )
}

/**
 * Records each delivery's publish time and publish→delivery latency (both ends live in this
 * process, so one clock serves both). A window then counts what was published inside it.
 */
function instrument(pairs: Pair[]) {
  let sentAt: number[] = []
  let latencies: number[] = []
  for (const { ends } of pairs) {
    for (const end of ends) {
      end.onDelivery = (delivery) => {
        end.deliveries.length = 0
        const published = Number(delivery.message.slice(0, delivery.message.indexOf(':')))
        sentAt.push(published)
        latencies.push(performance.now() - published)
      }
    }
  }
  return {
    /** Delivered messages/s and sorted latencies for messages published in [from, to). */
    window(from: number, to: number) {
      const inside = latencies.filter((_, index) => sentAt[index]! >= from && sentAt[index]! < to)
      sentAt = []
      latencies = []
      return {
        perSecond: Math.round(inside.length / ((to - from) / 1000)),
        sorted: inside.sort((a, b) => a - b),
      }
    },
  }
}

/** Deliveries of the last publishes of a phase are still on their way when it ends. */
const SETTLE_MS = 250

const publish = (pair: Pair, from: 0 | 1) =>
  pair.ends[from].request('irn_publish', {
    topic: pair.topic,
    message: `${performance.now()}:${PADDING}`,
    ttl: 300,
    tag: 1108,
  })

/**
 * Offers a steady `rate` of publishes spread over every client, for `ms`, in 1 ms ticks. After a
 * stall of this process it catches up at most 10 ms worth: a bigger burst would measure the
 * benchmark's own hiccup as relay latency. The delivered rate shows whether the rate was met.
 */
async function steadyLoad(pairs: Pair[], rate: number, ms: number): Promise<void> {
  const started = performance.now()
  const perTick = rate / 1000
  let sent = 0
  let next = 0
  while (performance.now() - started < ms) {
    const due = Math.floor(((performance.now() - started) / 1000) * rate)
    sent = Math.max(sent, due - 10 * perTick)
    for (; sent < due; sent++, next++) {
      void publish(pairs[next % pairs.length]!, ((next / pairs.length) | 0) % 2 === 0 ? 0 : 1)
    }
    await sleep(1)
  }
}

/** Every client keeps a few publishes outstanding, as fast as the relay answers them. */
async function saturate(pairs: Pair[], ms: number): Promise<void> {
  const window = 4
  const until = performance.now() + ms
  const loop = async (pair: Pair, from: 0 | 1) => {
    while (performance.now() < until) await publish(pair, from)
  }
  await Promise.all(
    pairs.flatMap((pair) => Array.from({ length: window }, (_, i) => loop(pair, (i % 2) as 0 | 1))),
  )
}

async function measureThroughput(urlA: string, urlB: string) {
  const pairs = await connectPairs(urlA, urlB)
  try {
    const meter = instrument(pairs)
    await steadyLoad(pairs, TARGET_RATE, WARMUP_MS)
    await sleep(SETTLE_MS)
    meter.window(0, 0)
    let from = performance.now()
    await steadyLoad(pairs, TARGET_RATE, PHASE_MS)
    let to = performance.now()
    await sleep(SETTLE_MS)
    const steady = meter.window(from, to)

    from = performance.now()
    await saturate(pairs, PHASE_MS)
    to = performance.now()
    await sleep(SETTLE_MS)
    const saturated = meter.window(from, to)
    return {
      msgs_per_s_max: saturated.perSecond,
      p50_ms_at_max: round(percentile(saturated.sorted, 50)),
      p99_ms_at_max: round(percentile(saturated.sorted, 99)),
      msgs_per_s_at_5k: steady.perSecond,
      p50_ms_at_5k: round(percentile(steady.sorted, 50)),
      p99_ms_at_5k: round(percentile(steady.sorted, 99)),
    }
  } finally {
    await Promise.all(pairs.flatMap((pair) => pair.ends.map((end) => end.close())))
  }
}

async function measureApproval(relayUrl: string) {
  const times: number[] = []
  for (let run = 0; run < APPROVAL_RUNS; run++) {
    const dapp = await createDapp(relayUrl)
    const wallet = await createWallet(relayUrl)
    try {
      const started = performance.now()
      await connectPeers(dapp, wallet)
      times.push(performance.now() - started)
    } finally {
      await closeCore(dapp.core)
      await wallet.close()
    }
  }
  const sorted = times.sort((a, b) => a - b)
  return {
    median_ms: round(percentile(sorted, 50), 1),
    min_ms: round(sorted[0]!, 1),
    max_ms: round(sorted.at(-1)!, 1),
  }
}

async function withRelays<T>(
  count: number,
  env: Record<string, string>,
  run: (urls: string[]) => Promise<T>,
) {
  const relays: RelayProcess[] = []
  try {
    for (let i = 0; i < count; i++) relays.push(await startRelayProcess({ ...RELAY_ENV, ...env }))
    return await run(relays.map((relay) => relay.url))
  } finally {
    await Promise.all(relays.map((relay) => relay.stop()))
  }
}

export async function benchRelay(): Promise<Record<string, unknown>> {
  const memory = await withRelays(1, {}, ([url]) => measureThroughput(url!, url!))
  const approval = await withRelays(1, {}, ([url]) => measureApproval(url!))
  let redis: Record<string, unknown> = { skipped: 'redis-server is not installed' }
  if (hasRedisServer) {
    const server = await startRedisServer()
    try {
      redis = await withRelays(2, { REDIS_URL: server.url }, ([a, b]) => measureThroughput(a!, b!))
    } finally {
      await server.stop()
    }
  }
  return {
    relay_pairs: PAIRS,
    relay_msgs_per_s_max: memory.msgs_per_s_max,
    relay_msgs_per_s_at_5k_load: memory.msgs_per_s_at_5k,
    relay_delivery_p50_ms: memory.p50_ms_at_5k,
    relay_delivery_p99_ms: memory.p99_ms_at_5k,
    relay_delivery_p50_ms_at_max: memory.p50_ms_at_max,
    relay_delivery_p99_ms_at_max: memory.p99_ms_at_max,
    relay_redis_two_relays: redis,
    relay_connect_to_approval_median_ms: approval.median_ms,
    relay_connect_to_approval_range_ms: [approval.min_ms, approval.max_ms],
    relay_budget: { msgs_per_s_min: 5000, p99_ms_max: 20, connect_to_approval_median_ms_max: 300 },
  }
}
