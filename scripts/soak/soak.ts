/**
 * `npm run soak`: the relay and the data API, each in its own process on loopback, under a steady
 * load for `WF_SOAK_SECONDS` (default 600), their memory sampled every `WF_SOAK_SAMPLE_SECONDS`.
 * Prints JSON: rates and latency percentiles after the warm-up, memory at start / end of warm-up /
 * peak / end, and the heap after a full collection at the end of the warm-up and at the end: its
 * growth is the leak figure, held to a stated bound (issue 10 point 5). Reports, never asserts.
 */
import { performance } from 'node:perf_hooks'
import { pathToFileURL } from 'node:url'
import { resolveStackConfig } from '@walletframe/stack'
import { freePort, freePortPair, hasRedisServer, startRedisServer } from '@walletframe/testing'
import { startApiLoad } from './api-load.ts'
import { memoryTrack } from './memory.ts'
import { startService } from './process.ts'
import { startRelayLoad } from './relay-load.ts'

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback)
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export interface SoakOptions {
  seconds: number
  warmupSeconds?: number
  sampleSeconds?: number
  relayPairs?: number
  relayRate?: number
  apiRate?: number
  ttlSeconds?: number
  redis?: boolean
}

/** The relay's gauges (`GET /metrics`, Prometheus text), by name without the `wf_relay_` prefix. */
async function relayMetrics(relayUrl: string): Promise<Record<string, number>> {
  const text = await (await fetch(`${relayUrl.replace(/^ws/, 'http')}/metrics`)).text()
  return Object.fromEntries(
    [...text.matchAll(/^wf_relay_(\w+) (\S+)$/gm)].map((match) => [match[1]!, Number(match[2])]),
  )
}

/**
 * Waits, polling the relay's gauges each second, until it holds no socket and no message (the
 * last messages expire after their ttl, then the mailbox's 30 s sweep frees them; on Redis the
 * messages live outside the relay, which reports no mailbox gauge: its sockets are what count).
 */
async function relayDrained(relayUrl: string, timeoutMs: number): Promise<boolean> {
  const deadline = performance.now() + timeoutMs
  while (performance.now() < deadline) {
    const gauges = await relayMetrics(relayUrl)
    if (gauges.connections === 0 && (gauges.stored_messages ?? 0) === 0) return true
    await sleep(1000)
  }
  return false
}

export async function runSoak(options: SoakOptions): Promise<Record<string, unknown>> {
  const ttlSeconds = options.ttlSeconds ?? 60
  // Messages live `ttl`, and the mailbox sweeps every 30 s: memory settles after both.
  const warmupSeconds = options.warmupSeconds ?? Math.min(ttlSeconds + 30, options.seconds / 3)
  const sampleMs = (options.sampleSeconds ?? 5) * 1000
  const relayPairs = options.relayPairs ?? 100
  const relayRate = options.relayRate ?? 500
  const apiRate = options.apiRate ?? 100
  const stops: Array<() => Promise<unknown>> = []
  try {
    const redis = options.redis && hasRedisServer ? await startRedisServer() : undefined
    if (redis) stops.push(() => redis.stop())
    const relay = await startService('relay', {
      WF_RELAY_HOST: '127.0.0.1',
      WF_RELAY_PORT: String(await freePort()),
      // Every soak client comes from 127.0.0.1: the per-address limit would refuse most of them.
      WF_RELAY_MAX_CONNECTIONS_PER_IP: String(relayPairs * 4),
      ...(redis ? { REDIS_URL: redis.url } : {}),
    })
    stops.push(() => relay.stop())
    const devnetPort = String(await freePortPair())
    const api = await startService('api', {
      WF_API_HOST: '127.0.0.1',
      WF_API_PORT: String(await freePort()),
      WF_DEVNET_PORT: devnetPort,
    })
    stops.push(() => api.stop())
    const chainId = resolveStackConfig({ WF_DEVNET_PORT: devnetPort }).devnet.chains[0]!.chainId

    const memory = { relay: memoryTrack(relay), api: memoryTrack(api) }
    await Promise.all([memory.relay.start(), memory.api.start()])
    const relayLoad = startRelayLoad({ url: relay.url, pairs: relayPairs, rate: relayRate, ttlSeconds })
    stops.push(() => relayLoad.stop())
    const apiLoad = startApiLoad({ url: api.url, rate: apiRate, chainId })
    stops.push(() => apiLoad.stop())
    await relayLoad.start()
    apiLoad.start()

    const started = performance.now()
    const elapsed = () => (performance.now() - started) / 1000
    let warmedUp = false
    while (elapsed() < options.seconds) {
      await sleep(Math.min(sampleMs, (options.seconds - elapsed()) * 1000))
      await Promise.all([memory.relay.sample(), memory.api.sample()])
      if (!warmedUp && elapsed() >= warmupSeconds) {
        warmedUp = true
        await Promise.all([memory.relay.markWarm(), memory.api.markWarm()])
        const now = performance.now()
        for (const recorder of [relayLoad.requests, relayLoad.responses, ...Object.values(apiLoad.routes)])
          recorder.start(now)
      }
    }
    const end = performance.now()
    await Promise.all([memory.relay.markEnd(), memory.api.markEnd()])
    const mailboxAtEnd = await relayMetrics(relay.url)
    await relayLoad.stop()
    await apiLoad.stop()
    const drained = await relayDrained(relay.url, (ttlSeconds + 60) * 1000)
    const routes = Object.fromEntries(
      Object.entries(apiLoad.routes).map(([name, r]) => [name, r.summary(end)]),
    )
    return {
      seconds: options.seconds,
      warmupSeconds,
      sampleSeconds: sampleMs / 1000,
      relay: {
        backend: redis ? 'redis' : 'memory',
        sessions: relayPairs,
        sockets: relayPairs * 2,
        offeredRequestsPerSecond: relayRate,
        messageTtlSeconds: ttlSeconds,
        sessionsReplacedPerSecond: 1,
        requestDelivery: relayLoad.requests.summary(end),
        responseDelivery: relayLoad.responses.summary(end),
        mailboxAtEnd: {
          storedMessages: mailboxAtEnd.stored_messages,
          storedBytes: mailboxAtEnd.stored_bytes,
        },
        drained,
        memory: await memory.relay.summary(drained),
      },
      api: { offeredRequestsPerSecond: apiRate, routes, memory: await memory.api.summary(false) },
    }
  } finally {
    for (const stop of stops.reverse()) await stop().catch((error) => console.error(error))
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const figures = await runSoak({
    seconds: env('WF_SOAK_SECONDS', 600),
    ...(process.env.WF_SOAK_WARMUP_SECONDS ? { warmupSeconds: env('WF_SOAK_WARMUP_SECONDS', 0) } : {}),
    sampleSeconds: env('WF_SOAK_SAMPLE_SECONDS', 5),
    relayPairs: env('WF_SOAK_RELAY_SESSIONS', 100),
    relayRate: env('WF_SOAK_RELAY_RATE', 500),
    apiRate: env('WF_SOAK_API_RATE', 100),
    ttlSeconds: env('WF_SOAK_TTL_SECONDS', 60),
    redis: process.env.WF_SOAK_REDIS === 'true',
  })
  console.log(JSON.stringify({ soak: figures }, null, 2))
}
