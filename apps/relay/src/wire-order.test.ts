/**
 * The order on the wire: a publisher hears its acknowledgement before any subscriber hears the
 * message. sign-client 2.x listens for a reply only once its publish is acknowledged, so a relay
 * that delivers first makes it miss replies (`update()` then `acknowledged()` hanging). Checked for
 * every publishing method, on one relay and across two relays sharing Redis, each round publishing
 * right after a subscribe (subscribe-race.test.ts makes that race happen every time).
 */
import { hasRedisServer, REDIS_SERVER, type RedisServer, startRedisServer } from '@walletframe/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningRelay, startRelay } from './server.ts'
import { RawClient } from './testing/raw-client.ts'

const ROUNDS = 40
const quiet = { warn: () => {} }
let topicCounter = 0
const newTopic = () => `${'ef'.repeat(30)}${String(++topicCounter).padStart(4, '0')}`

type Publish = (publisher: RawClient, topics: { a: string; b: string }) => Promise<unknown>

/** Each method with what it publishes; the subscriber is subscribed to both topics beforehand. */
const METHODS: Record<string, Publish> = {
  irn_publish: (client, { a }) =>
    client.request('irn_publish', { topic: a, message: `m-${a}`, ttl: 300, tag: 1108, prompt: true }),
  irn_batchPublish: (client, { a, b }) =>
    client.request('irn_batchPublish', {
      messages: [
        { topic: a, message: `m-${a}`, ttl: 300, tag: 1108 },
        { topic: b, message: `m-${b}`, ttl: 300, tag: 1108 },
      ],
    }),
  wc_proposeSession: (client, { a }) =>
    client.request('wc_proposeSession', { pairingTopic: a, sessionProposal: `p-${a}`, ttl: 300 }),
  wc_approveSession: (client, { a, b }) =>
    client.request('wc_approveSession', {
      pairingTopic: a,
      sessionTopic: b,
      sessionProposalResponse: `r-${a}`,
      sessionSettlementRequest: `s-${b}`,
      ttl: 300,
    }),
}

/**
 * Runs ROUNDS publishes and returns, per round, the frames in the order they reached this
 * process: `ack` for the publisher's reply, `delivery` for the subscriber's message.
 */
async function observe(publisherUrl: string, subscriberUrl: string, publish: Publish) {
  const publisher = await RawClient.connect(publisherUrl)
  const subscriber = await RawClient.connect(subscriberUrl)
  const log: string[] = []
  publisher.socket.on('message', (data) => {
    if (!data.toString().includes('"method"')) log.push('ack')
  })
  subscriber.socket.on('message', (data) => {
    if (data.toString().includes('"irn_subscription"')) log.push('delivery')
  })
  const rounds: string[][] = []
  try {
    for (let round = 0; round < ROUNDS; round++) {
      const topics = { a: newTopic(), b: newTopic() }
      const expected = publish === METHODS.irn_publish || publish === METHODS.wc_proposeSession ? 1 : 2
      log.length = 0
      subscriber.deliveries.length = 0
      // Published right after the subscribe is answered, while the subscribe's own delivery of the
      // topics' stored messages may still be reading the mailbox: the message must not come out
      // of that read before its publisher has the ack (the mailbox holds it until then).
      await subscriber.request('irn_batchSubscribe', { topics: [topics.a, topics.b] })
      await publish(publisher, topics)
      for (let i = 0; i < expected; i++) await subscriber.nextDelivery()
      rounds.push([...log])
    }
  } finally {
    await Promise.all([publisher.close(), subscriber.close()])
  }
  return rounds
}

function expectAckFirst(rounds: string[][]) {
  const outOfOrder = rounds.filter((round) => round[0] !== 'ack')
  expect(outOfOrder, `${outOfOrder.length} of ${rounds.length} rounds delivered before the ack`).toEqual([])
}

describe('acknowledge on acceptance, then deliver', () => {
  let relay: RunningRelay
  beforeAll(async () => {
    relay = await startRelay({ port: 0, logger: quiet, limits: { publishPerSecond: 10_000 } })
  })
  afterAll(() => relay.close())

  for (const [method, publish] of Object.entries(METHODS)) {
    it(`${method}: the publisher has its ack before the subscriber has the message`, async () => {
      expectAckFirst(await observe(relay.url, relay.url, publish))
    })
  }
})

describe.skipIf(!hasRedisServer)(
  `acknowledge, then deliver, across relays on Redis (${REDIS_SERVER})`,
  () => {
    let redis: RedisServer
    let a: RunningRelay
    let b: RunningRelay
    beforeAll(async () => {
      redis = await startRedisServer()
      const options = { port: 0, redisUrl: redis.url, logger: quiet, limits: { publishPerSecond: 10_000 } }
      a = await startRelay(options)
      b = await startRelay(options)
    })
    afterAll(async () => {
      await a?.close()
      await b?.close()
      await redis?.stop()
    })

    for (const [method, publish] of Object.entries(METHODS)) {
      it(`${method}: publisher on A, subscriber on B`, async () => {
        expectAckFirst(await observe(a.url, b.url, publish))
      })
    }
  },
)
