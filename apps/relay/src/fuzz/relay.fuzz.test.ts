/**
 * Issue 10 point 4: the relay's JSON-RPC surface fuzzed over a real WebSocket, in memory and on
 * Redis, method by method:
 * well-formed calls with random params, broken frames (bad JSON, batches, wrong types, odd ids,
 * forbidden keys, huge and deep values), unknown methods and forged acknowledgements. Every frame
 * that is not an acknowledgement gets exactly one reply, an error is one of JSON-RPC's codes or
 * the relay's -32005 (never -32603, never a stack), and the socket stays open throughout.
 */
import { fuzzRuns, hostileValue, withForbiddenKey } from '@walletframe/protocol/fuzz'
import { hasRedisServer, type RedisServer, startRedisServer } from '@walletframe/testing'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { RpcCode } from '../errors.ts'
import { methods } from '../methods.ts'
import { type RunningRelay, startRelay } from '../server.ts'
import { openFrameSocket } from './test-support.ts'

const RUNS = fuzzRuns(300)
// A bound for WF_FUZZ_RUNS=10000, not a timing assertion.
vi.setConfig({ testTimeout: 30 * 60_000 })

const EXPECTED_CODES = [
  RpcCode.parseError,
  RpcCode.invalidRequest,
  RpcCode.methodNotFound,
  RpcCode.invalidParams,
  RpcCode.limitExceeded,
]

let relay: RunningRelay

const topic = fc.oneof(
  { arbitrary: fc.stringMatching(/^[0-9a-f]{64}$/), weight: 4 },
  { arbitrary: fc.string({ maxLength: 200 }), weight: 1 },
)
const publishFields = {
  topic,
  message: fc.string({ minLength: 1, maxLength: 2_000 }),
  ttl: fc.integer({ min: -10, max: 3_000_000 }),
  tag: fc.integer({ min: -1, max: 10_000 }),
  prompt: fc.boolean(),
}
/** Params shaped like each method's, with random values. */
const PARAMS: Record<string, fc.Arbitrary<unknown>> = {
  irn_subscribe: fc.record({ topic }),
  irn_batchSubscribe: fc.record({ topics: fc.array(topic, { maxLength: 12 }) }),
  irn_unsubscribe: fc.record({ topic, id: fc.string() }),
  irn_batchUnsubscribe: fc.record({
    subscriptions: fc.array(fc.record({ topic, id: fc.string() }), { maxLength: 12 }),
  }),
  irn_publish: fc.record(publishFields, { requiredKeys: ['topic', 'message'] }),
  irn_batchPublish: fc.record({ messages: fc.array(fc.record(publishFields), { maxLength: 12 }) }),
  irn_fetchMessages: fc.record({ topic }),
  irn_batchFetchMessages: fc.record({ topics: fc.array(topic, { maxLength: 12 }) }),
  wc_proposeSession: fc.record({
    pairingTopic: topic,
    sessionProposal: publishFields.message,
    ttl: publishFields.ttl,
  }),
  wc_approveSession: fc.record({
    sessionTopic: topic,
    pairingTopic: topic,
    sessionProposalResponse: publishFields.message,
    sessionSettlementRequest: publishFields.message,
    ttl: publishFields.ttl,
  }),
}

const id = fc.oneof(
  { arbitrary: fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), weight: 4 },
  { arbitrary: fc.string({ maxLength: 40 }), weight: 2 },
  { arbitrary: hostileValue(), weight: 1 },
)

/** Frames aimed at `method`: JSON text, mostly well-formed, the rest broken in every way. */
function framesFor(method: fc.Arbitrary<string>): fc.Arbitrary<string> {
  const hostile = hostileValue()
  const params = method.chain(
    (name) => (Object.hasOwn(PARAMS, name) && PARAMS[name]) || fc.jsonValue({ maxDepth: 2 }),
  )
  const call = fc.record({ id, jsonrpc: fc.constant('2.0'), method, params })
  const broken = fc.record(
    {
      id,
      jsonrpc: fc.oneof(fc.constant('2.0'), hostile),
      method: fc.oneof(method, hostile),
      params: fc.oneof(params, withForbiddenKey(params), hostile),
      result: hostile,
      error: hostile,
    },
    { requiredKeys: [] },
  )
  const json = (value: unknown) =>
    JSON.stringify(value, (_key, item) => (typeof item === 'bigint' ? String(item) : item)) ?? 'null'
  return fc.oneof(
    { arbitrary: call.map(json), weight: 5 },
    { arbitrary: broken.map(json), weight: 3 },
    {
      arbitrary: fc.oneof(
        hostile.map(json),
        fc.string({ maxLength: 100 }),
        fc.constantFrom('{', '[', '', '{"id":1e999,"jsonrpc":"2.0","method":"irn_subscribe"}'),
      ),
      weight: 2,
    },
  )
}

/** An acknowledgement of a delivery (a JSON-RPC response from the client): the relay never answers one. */
function isAcknowledgement(text: string): boolean {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return false
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  const frame = value as Record<string, unknown>
  const validId = typeof frame.id === 'string' || (typeof frame.id === 'number' && Number.isFinite(frame.id))
  return frame.method === undefined && validId && ('result' in frame || 'error' in frame)
}

async function fuzz(method: fc.Arbitrary<string>) {
  const socket = await openFrameSocket(relay.url)
  await fc.assert(
    fc.asyncProperty(framesFor(method), async (text) => {
      const expected = isAcknowledgement(text) ? 0 : 1
      const replies = await socket.exchange(text, expected)
      expect(replies).toHaveLength(expected)
      for (const reply of replies) {
        expect(reply.jsonrpc).toBe('2.0')
        if ('error' in reply) {
          expect(EXPECTED_CODES, text.slice(0, 300)).toContain(reply.error.code)
          expect(reply.error.message).not.toMatch(/\n\s+at |\.ts:\d+/)
        } else expect(reply).toHaveProperty('result')
      }
      expect(socket.open).toBe(true)
    }),
    { numRuns: RUNS },
  )
  await socket.close()
}

/** The in-memory mailbox, and Redis where a redis-server can be started (CI installs it). */
const BACKENDS = [
  { name: 'memory', redis: false },
  ...(hasRedisServer ? [{ name: 'Redis', redis: true }] : []),
]

describe.each(BACKENDS)('the relay JSON-RPC surface under fuzzing, $name', (backend) => {
  let redisServer: RedisServer | undefined
  beforeAll(async () => {
    if (backend.redis) redisServer = await startRedisServer()
    // Frames up to 1 MB, so that huge values reach the JSON-RPC layer instead of closing the socket
    // (1009, ws's own limit); publishing fast enough that well-formed publishes are served.
    relay = await startRelay({
      port: 0,
      ...(redisServer ? { redisUrl: redisServer.url } : {}),
      limits: { maxFrameBytes: 1_000_000, publishPerSecond: 10_000, publishBurst: 10_000 },
      logger: { warn: () => {} },
    })
  })
  afterAll(async () => {
    await relay.close()
    await redisServer?.stop()
  })

  it.each(Object.keys(methods))(
    '%s frames are answered once each, with a result or a JSON-RPC error',
    (method) => fuzz(fc.constant(method)),
  )

  it('unknown methods and prototype names are answered with an error, never run', () =>
    fuzz(
      fc.oneof(
        fc.string({ maxLength: 80 }),
        fc.constantFrom('__proto__', 'constructor', 'toString', 'irn_subscription'),
      ),
    ))
})
