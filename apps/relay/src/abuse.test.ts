/**
 * Abuse, against the relay in its own process as the stack runs it: each case bounded, and a
 * well-behaved pair of clients (on another loopback address, so per-address limits do not touch
 * it) served meanwhile, its publish→delivery latency printed.
 */
import { performance } from 'node:perf_hooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { RpcCode } from './errors.ts'
import { createIdentity } from './testing/identity.ts'
import { RawClient, refusal } from './testing/raw-client.ts'
import { type RelayProcess, startRelayProcess } from './testing/relay-process.ts'

const PER_IP = 50
const TOPIC_BYTES = 256 * 1024
const GOOD_ADDRESS = '127.0.0.2'

let relay: RelayProcess
beforeAll(async () => {
  relay = await startRelayProcess({
    WF_RELAY_MAX_CONNECTIONS_PER_IP: String(PER_IP),
    WF_RELAY_MAX_CONNECTIONS: '1000',
    WF_RELAY_MAX_TOPIC_BYTES: String(TOPIC_BYTES),
  })
})
afterAll(() => relay?.stop())

let topicCounter = 0
const newTopic = () => `${'ab'.repeat(30)}${String(++topicCounter).padStart(4, '0')}`
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!

async function metrics(): Promise<Record<string, number>> {
  const text = await (await fetch(`${relay.url.replace('ws://', 'http://')}/metrics`)).text()
  return Object.fromEntries(
    text
      .trim()
      .split('\n')
      .map((line) => [line.split(' ')[0]!, Number(line.split(' ')[1])]),
  )
}

/** A dapp and a wallet exchanging a message every 10 ms while `abuse` runs; returns latencies. */
async function servedMeanwhile(name: string, abuse: () => Promise<void>) {
  const dapp = await RawClient.connect(relay.url, { localAddress: GOOD_ADDRESS })
  const wallet = await RawClient.connect(relay.url, { localAddress: GOOD_ADDRESS })
  const topic = newTopic()
  await wallet.request('irn_subscribe', { topic })
  const latencies: number[] = []
  wallet.onDelivery = (delivery) => {
    wallet.deliveries.length = 0
    latencies.push(performance.now() - Number(delivery.message))
  }
  let running = true
  const good = (async () => {
    while (running) {
      const reply = await dapp.request('irn_publish', { topic, message: String(performance.now()), ttl: 60 })
      expect(reply.result).toBe(true)
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
  })()
  try {
    await abuse()
  } finally {
    running = false
    await good
    await new Promise((resolve) => setTimeout(resolve, 100))
    await Promise.all([dapp.close(), wallet.close()])
  }
  const sorted = latencies.sort((a, b) => a - b)
  const figures = {
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    max: sorted.at(-1)!,
    n: sorted.length,
  }
  console.log(
    `good client during ${name}: ${JSON.stringify(figures, (_, v) => (typeof v === 'number' ? Number(v.toFixed(1)) : v))}`,
  )
  expect(figures.n).toBeGreaterThan(5)
  expect(figures.p99).toBeLessThan(1000)
  return figures
}

describe('the relay under abuse', () => {
  it('2,000 connections from one address: at most the per-address limit open, the rest refused with 1013', {
    timeout: 60_000,
  }, async () => {
    const token = createIdentity().token(relay.url)
    const sockets: WebSocket[] = []
    const codes = new Map<number, number>()
    await servedMeanwhile('2,000 connections', async () => {
      for (let batch = 0; batch < 10; batch++) {
        await Promise.all(
          Array.from({ length: 200 }, async () => {
            const socket = new WebSocket(`${relay.url}?auth=${token}`)
            sockets.push(socket)
            const code = await new Promise<number>((resolve) => {
              socket.once('close', (closeCode) => resolve(closeCode))
              socket.once('error', () => {})
              socket.once('open', () => setTimeout(() => resolve(0), 200))
            })
            codes.set(code, (codes.get(code) ?? 0) + 1)
          }),
        )
      }
    })
    expect(codes.get(0)).toBe(PER_IP)
    expect(codes.get(1013)).toBe(2000 - PER_IP)
    const seen = await metrics()
    expect(seen.wf_relay_connections).toBe(PER_IP)
    expect(seen.wf_relay_refused_connections).toBeGreaterThanOrEqual(2000 - PER_IP)
    await Promise.all(sockets.map((socket) => socket.terminate()))
  })

  it('a topic flooded past its byte limit: -32005, the mailbox bounded', { timeout: 60_000 }, async () => {
    const flooder = await RawClient.connect(relay.url)
    const topic = newTopic()
    const chunk = 'x'.repeat(60 * 1024)
    let accepted = 0
    let refused = 0
    await servedMeanwhile('a topic flood', async () => {
      for (let i = 0; i < 20; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50))
        const reply = await flooder.request('irn_publish', { topic, message: `${i}${chunk}`, ttl: 86_400 })
        if (reply.result === true) accepted++
        else {
          expect(reply.error).toEqual({
            code: RpcCode.limitExceeded,
            message: `Limit exceeded: a topic holds at most ${TOPIC_BYTES} bytes of messages`,
          })
          refused++
        }
      }
    })
    expect(accepted).toBe(4)
    expect(refused).toBe(16)
    expect((await metrics()).wf_relay_stored_bytes).toBeLessThanOrEqual(TOPIC_BYTES + 64 * 1024)
    await flooder.close()
  })

  it('tokens with an 11,000-character iss: refused fast, before any decoding', {
    timeout: 60_000,
  }, async () => {
    const header = Buffer.from(JSON.stringify({ alg: 'EdDSA', typ: 'JWT' })).toString('base64url')
    const payload = Buffer.from(
      JSON.stringify({
        iss: `did:key:z6Mk${'z'.repeat(11_000)}`,
        aud: relay.url,
        exp: Date.now() / 1000 + 3600,
      }),
    ).toString('base64url')
    const token = `${header}.${payload}.${'A'.repeat(86)}`
    const times: number[] = []
    await servedMeanwhile('11,000-character iss', async () => {
      for (let batch = 0; batch < 10; batch++) {
        await Promise.all(
          Array.from({ length: 30 }, async () => {
            const started = performance.now()
            const { status, body } = await refusal(relay.url, token)
            expect(status).toBe(401)
            expect(body).toContain('longer than 2048 characters')
            times.push(performance.now() - started)
          }),
        )
      }
    })
    times.sort((a, b) => a - b)
    console.log(
      `300 upgrades with an 11,000-character iss: median ${percentile(times, 0.5).toFixed(1)} ms each (30 at once)`,
    )
  })
})
