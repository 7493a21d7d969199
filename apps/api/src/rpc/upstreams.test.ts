/**
 * Spec §7 "Fallback ranking works across endpoints" and §9's timings, through `POST /v1` with real
 * anvil upstreams (and scripted ones for the failures a node cannot be made to give): a killed
 * upstream does not stop the reads and the ranking moves to the live one; identical reads in flight
 * share one upstream call; retryable failures are retried (Retry-After honoured), rejections are not.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { startDevnet } from '@walletframe/devnet'
import { API_ERRORS, RPC_PROXY, RPC_PROXY_PATH, rpcUpstreamsEnvName } from '@walletframe/protocol'
import { perMinute } from '@walletframe/rate-limit'
import { resolveStackConfig } from '@walletframe/stack'
import { freePort } from '@walletframe/testing'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { devnetChainConfig } from '../config.ts'
import type { RunningApi } from '../server.ts'
import { clientQuery, SUITE_RATE_LIMITS, startTestApi } from '../test-support/api.ts'
import { startRpcCounter } from '../test-support/rpc-counter.ts'
import { withRpcUpstreams } from './upstreams.ts'

const CHAIN = resolveStackConfig({}).devnet.chains[0]!
const cleanups: Array<() => Promise<unknown>> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function startAnvil() {
  const port = await freePort()
  const devnet = await startDevnet(
    { host: '127.0.0.1', chains: [{ ...CHAIN, port, rpcUrl: `http://127.0.0.1:${port}` }] },
    { fixtures: false },
  )
  cleanups.push(() => devnet.close())
  return { url: devnet.chains[0]!.rpcUrl, kill: () => devnet.close() }
}

/** An upstream answering each read with `script(attempt)` (1-based), recording when each came. */
async function startScriptedUpstream(
  script: (attempt: number) => { status: number; headers?: Record<string, string>; error?: object },
) {
  const times: number[] = []
  const server = createServer(async (request, response) => {
    let body = ''
    for await (const chunk of request) body += chunk
    // viem's http transport batches what one tick asks (a ranking ping and a read can share one).
    const calls = JSON.parse(body) as Array<{ id: number; method: string }>
    let reply: ReturnType<typeof script> = { status: 200 }
    const answers = calls.map(({ id, method }) => {
      // The ranking's pings are answered and left out of the record.
      if (method === 'net_listening') return { jsonrpc: '2.0', id, result: true }
      times.push(performance.now())
      reply = script(times.length)
      return { jsonrpc: '2.0', id, ...(reply.error ? { error: reply.error } : { result: '0x1' }) }
    })
    response.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers })
    response.end(JSON.stringify(answers))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  cleanups.push(() => new Promise((resolve) => server.close(resolve)))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, times }
}

async function startApiOver(upstreams: string[], rateLimits = SUITE_RATE_LIMITS) {
  const chain = withRpcUpstreams(
    { [rpcUpstreamsEnvName(CHAIN.chainId)]: upstreams.join(',') },
    devnetChainConfig(CHAIN, undefined),
  )
  const api = await startTestApi(undefined, {}, { chains: [chain], rateLimits })
  cleanups.push(() => api.close())
  return api
}

async function rpc(api: RunningApi, body: unknown) {
  const response = await api.app.request(
    `${RPC_PROXY_PATH}?${clientQuery({ chainId: `eip155:${CHAIN.chainId}` })}`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    },
  )
  expect(response.status).toBe(200)
  return (await response.json()) as { result?: unknown; error?: { code: number; message: string } }
}

const blockNumber = { jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] }

describe('the JSON-RPC endpoint across upstreams (spec §7, §9)', () => {
  it('keeps answering when one of two anvil upstreams is killed, and ranks the live one first', async () => {
    const [anvilA, anvilB] = await Promise.all([startAnvil(), startAnvil()])
    const [a, b] = await Promise.all([startRpcCounter(anvilA.url), startRpcCounter(anvilB.url)])
    cleanups.push(
      () => a.close(),
      () => b.close(),
    )
    const api = await startApiOver([a.url, b.url])
    const read = async () => expect((await rpc(api, blockNumber)).result).toBe('0x0')

    // Before: A, first in the configuration, serves the reads; the ranking pings both.
    await vi.waitFor(async () => {
      const before = a.callsOf('eth_blockNumber')
      await read()
      expect(a.callsOf('eth_blockNumber')).toBe(before + 1)
    })
    await vi.waitFor(() => expect(b.callsOf('net_listening')).toBeGreaterThan(0))

    await anvilA.kill()
    // Every read made while the ranking has not noticed yet still succeeds (through B).
    for (let i = 0; i < 10; i++) await read()
    // Once A's pings fail, the ranking (every 4 s) puts B first: reads stop trying A at all.
    await vi.waitFor(
      async () => {
        const [triedA, servedB] = [a.callsOf('eth_blockNumber'), b.callsOf('eth_blockNumber')]
        for (let i = 0; i < 5; i++) await read()
        expect(a.callsOf('eth_blockNumber')).toBe(triedA)
        expect(b.callsOf('eth_blockNumber')).toBe(servedB + 5)
      },
      { timeout: 4 * RPC_PROXY.rank.intervalMs, interval: 100 },
    )
  }, 60_000)

  it('never pings a lone upstream: there is nothing to rank it against', async () => {
    const anvil = await startAnvil()
    const counter = await startRpcCounter(anvil.url)
    cleanups.push(() => counter.close())
    const api = await startApiOver([counter.url])
    for (let i = 0; i < 2; i++) expect((await rpc(api, blockNumber)).result).toBe('0x0')
    expect([counter.callsOf('eth_blockNumber'), counter.callsOf('net_listening')]).toEqual([2, 0])
  })

  it('sends identical reads in flight to the upstream once (request dedupe)', async () => {
    const anvil = await startAnvil()
    const counter = await startRpcCounter(anvil.url)
    cleanups.push(() => counter.close())
    const api = await startApiOver([counter.url])
    const batch = Array.from({ length: 20 }, (_, id) => ({ ...blockNumber, id }))
    const answers = (await rpc(api, batch)) as unknown as Array<{ result: string }>
    expect(answers.map((answer) => answer.result)).toEqual(batch.map(() => '0x0'))
    expect(counter.callsOf('eth_blockNumber')).toBe(1)
  })

  it.each([429, 503])('retries an HTTP %i, honouring Retry-After, then answers', async (status) => {
    const upstream = await startScriptedUpstream((attempt) =>
      attempt === 1 ? { status, headers: { 'Retry-After': '1' } } : { status: 200 },
    )
    const api = await startApiOver([upstream.url])
    expect(await rpc(api, blockNumber)).toMatchObject({ result: '0x1' })
    expect(upstream.times).toHaveLength(2)
    // Retry-After: 1 (s) replaces the 150 ms first backoff.
    expect(upstream.times[1]! - upstream.times[0]!).toBeGreaterThanOrEqual(950)
  })

  it('retries an internal error 3 times with backoff, then answers with the node’s error', async () => {
    const upstream = await startScriptedUpstream(() => ({
      status: 200,
      error: { code: -32603, message: 'node busy' },
    }))
    const api = await startApiOver([upstream.url])
    expect(await rpc(api, blockNumber)).toMatchObject({ error: { code: -32603, message: 'node busy' } })
    expect(upstream.times).toHaveLength(1 + RPC_PROXY.retryCount)
    // 150, 300, 600 ms (a few ms of timer slack allowed).
    const gaps = upstream.times.slice(1).map((time, i) => time - upstream.times[i]!)
    expect(gaps.map((gap, i) => gap >= RPC_PROXY.retryDelayMs * 2 ** i - 10)).toEqual(gaps.map(() => true))
  })

  it.each([4001, -32003])('never retries code %i, nor asks the other upstream', async (code) => {
    const first = await startScriptedUpstream(() => ({ status: 200, error: { code, message: 'rejected' } }))
    const second = await startScriptedUpstream(() => ({ status: 200 }))
    const api = await startApiOver([first.url, second.url])
    expect(await rpc(api, blockNumber)).toMatchObject({ error: { code, message: 'rejected' } })
    expect(first.times).toHaveLength(1)
    expect(second.times).toHaveLength(0)
  })
})

describe('the JSON-RPC endpoint’s request limits (README "Request limits")', () => {
  it('refuses calls over the per-IP limit with 429 and Retry-After, before reaching an upstream', async () => {
    const upstream = await startScriptedUpstream(() => ({ status: 200 }))
    const api = await startApiOver([upstream.url], { ...SUITE_RATE_LIMITS, perIp: perMinute(2) })
    const send = () =>
      api.app.request(`${RPC_PROXY_PATH}?${clientQuery({ chainId: `eip155:${CHAIN.chainId}` })}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(blockNumber),
      })
    expect((await send()).status).toBe(200)
    expect((await send()).status).toBe(200)
    const refused = await send()
    expect(refused.status).toBe(API_ERRORS.rateLimited.status)
    expect(await refused.json()).toMatchObject({ code: API_ERRORS.rateLimited.code })
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(upstream.times).toHaveLength(2)
  })
})

describe(`${rpcUpstreamsEnvName(CHAIN.chainId)} (README "JSON-RPC endpoint")`, () => {
  const chain = devnetChainConfig(CHAIN, undefined)
  it('defaults to the chain’s own RPC URL and reads a comma-separated list', () => {
    expect(withRpcUpstreams({}, chain).rpcUpstreams).toEqual([CHAIN.rpcUrl])
    const env = { [rpcUpstreamsEnvName(CHAIN.chainId)]: 'http://a:1, https://b/rpc' }
    expect(withRpcUpstreams(env, chain).rpcUpstreams).toEqual(['http://a:1', 'https://b/rpc'])
  })
  it.each(['ws://a:1', 'not a url', 'http://a:1,,http://b:2', 'http://a:1,http://a:1'])(
    'refuses %j at start-up, naming the variable',
    (value) => {
      expect(() => withRpcUpstreams({ [rpcUpstreamsEnvName(CHAIN.chainId)]: value }, chain)).toThrow(
        rpcUpstreamsEnvName(CHAIN.chainId),
      )
    },
  )
})
