/**
 * Several relay processes on one Redis: the mailbox and fan-out that let a dapp and a wallet on
 * different relays talk, and let a relay restart without losing messages. Each run spawns its own
 * redis-server (CI installs Debian's).
 */

import {
  freePort,
  hasRedisServer,
  REDIS_SERVER,
  type RedisServer,
  startRedisServer,
} from '@walletframe/testing'
import { Redis } from 'ioredis'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createMessage, MAX_HOLD_MS } from './mailbox.ts'
import { mailboxKeys, RedisMailbox } from './redis-mailbox.ts'
import { startRelay } from './server.ts'
import { createIdentity } from './testing/identity.ts'
import { RawClient } from './testing/raw-client.ts'
import { storeReleased } from './testing/store-released.ts'

const quiet = { warn: () => {} }
let topicCounter = 0
const newTopic = () => `${'cd'.repeat(30)}${String(++topicCounter).padStart(4, '0')}`

describe.skipIf(!hasRedisServer)(`relay on Redis (needs ${REDIS_SERVER})`, () => {
  let redisServer: RedisServer
  let redis: Redis
  const cleanups: Array<() => Promise<unknown>> = []
  const later = <T extends { close(): Promise<unknown> }>(thing: T): T => {
    cleanups.push(() => thing.close())
    return thing
  }

  beforeAll(async () => {
    redisServer = await startRedisServer()
    redis = new Redis(redisServer.url)
  })
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  })
  afterAll(async () => {
    await redis?.quit()
    await redisServer?.stop()
  })

  it('the Redis mailbox keeps, filters, acks and expires like the memory one', async () => {
    let now = Date.now()
    const mailbox = new RedisMailbox(redis, { now: () => now })
    const topic = newTopic()
    const message = (text: string, publisher: string, ttlSeconds = 60) =>
      createMessage({ topic, message: text, ttlSeconds, tag: 0, publisher, now })
    expect(await storeReleased(mailbox, message('a', 'dapp'))).toBe(true)
    expect(await storeReleased(mailbox, message('a', 'dapp'))).toBe(false)
    expect(await storeReleased(mailbox, message('b', 'dapp', 1))).toBe(true)
    expect(await storeReleased(mailbox, message('c', 'wallet'))).toBe(true)

    const forWallet = await mailbox.unacked(topic, 'wallet')
    expect(forWallet.map((m) => m.message)).toEqual(['a', 'b'])
    await mailbox.ack('wallet', forWallet[0]!)
    expect((await mailbox.unacked(topic, 'wallet')).map((m) => m.message)).toEqual(['b'])
    expect((await mailbox.unacked(topic, 'other')).map((m) => m.message)).toEqual(['a', 'b', 'c'])

    now += 1000
    expect((await mailbox.unacked(topic, 'other')).map((m) => m.message)).toEqual(['a', 'c'])
    // Keys carry the ttl of their longest-lived message, so Redis frees them by itself.
    const ttl = await redis.pttl(mailboxKeys.messages(topic))
    expect(ttl).toBeGreaterThan(50_000)
    expect(ttl).toBeLessThanOrEqual(60_000)
  })

  it('the Redis mailbox holds a stored message from readers until it is released, or at most MAX_HOLD_MS', async () => {
    let now = Date.now()
    const [a, b] = [new RedisMailbox(redis, { now: () => now }), new RedisMailbox(redis, { now: () => now })]
    const topic = newTopic()
    const message = (text: string) =>
      createMessage({ topic, message: text, ttlSeconds: 60, tag: 0, publisher: 'dapp', now })
    const [first, second] = [message('first'), message('second')]
    expect(await a.store(first)).toBe(true)
    expect(await a.store(second)).toBe(true)
    // Another relay process reads the same Redis: nothing until the storing relay releases.
    expect(await b.unacked(topic, 'wallet')).toEqual([])
    await a.release([first])
    expect((await b.unacked(topic, 'wallet')).map((m) => m.message)).toEqual(['first'])
    now += MAX_HOLD_MS
    expect((await b.unacked(topic, 'wallet')).map((m) => m.message)).toEqual(['first', 'second'])
  })

  it('the Redis mailbox refuses a topic or a client past its bytes, and frees expired ones', async () => {
    let now = Date.now()
    const mailbox = new RedisMailbox(redis, {
      now: () => now,
      limits: { maxTopicBytes: 2000, maxClientBytes: 3000 },
    })
    const [topic, other] = [newTopic(), newTopic()]
    const message = (text: string, on = topic, ttlSeconds = 60) =>
      createMessage({ topic: on, message: text.padEnd(700, '.'), ttlSeconds, tag: 0, publisher: 'dapp', now })
    expect(await storeReleased(mailbox, message('a', topic, 1))).toBe(true)
    expect(await storeReleased(mailbox, message('b'))).toBe(true)
    await expect(storeReleased(mailbox, message('c'))).rejects.toMatchObject({
      code: -32005,
      message: 'Limit exceeded: a topic holds at most 2000 bytes of messages',
    })
    await expect(storeReleased(mailbox, message('c', other))).rejects.toMatchObject({
      message: 'Limit exceeded: a client may have at most 3000 bytes of messages stored',
    })
    // "a" expires: the topic has room again (the client's count drops only with its keys).
    now += 1000
    expect(
      await storeReleased(
        mailbox,
        createMessage({ topic, message: 'c'.padEnd(700), ttlSeconds: 60, tag: 0, publisher: 'wallet', now }),
      ),
    ).toBe(true)
    expect((await mailbox.unacked(topic, 'other')).map((m) => m.message[0])).toEqual(['b', 'c'])
  })

  it('the Redis mailbox holds at most maxStoredBytes in total, evicting the oldest first', async () => {
    await redis.flushall()
    let now = Date.now()
    const limits = { maxStoredBytes: 5_000 }
    // Two relay processes on one Redis share the total.
    const [a, b] = [
      new RedisMailbox(redis, { now: () => now, limits }),
      new RedisMailbox(redis, { now: () => now, limits }),
    ]
    const topics = [newTopic(), `${newTopic()} with spaces`, newTopic()]
    const message = (text: string, topic: string, ttlSeconds = 60) =>
      createMessage({ topic, message: text.padEnd(1_000, '.'), ttlSeconds, tag: 0, publisher: text, now })
    for (const [i, text] of ['a', 'b', 'c', 'd'].entries()) {
      expect(await storeReleased(i % 2 ? b : a, message(text, topics[i % 3]!))).toBe(true)
    }
    expect(await a.stats()).toMatchObject({ storedMessages: 4, evictedMessages: 0 })
    // A fifth does not fit: "a", the oldest, makes room, whatever its topic.
    expect(await storeReleased(b, message('e', topics[2]!))).toBe(true)
    const held = async () =>
      (await Promise.all(topics.map((topic) => a.unacked(topic, 'reader'))))
        .flat()
        .map((m) => m.message[0])
        .sort()
    expect(await held()).toEqual(['b', 'c', 'd', 'e'])
    const stats = await b.stats()
    expect(stats).toMatchObject({ storedMessages: 4, evictedMessages: 1 })
    expect(stats.storedBytes).toBeLessThanOrEqual(limits.maxStoredBytes)
    // What expired is forgotten first, so a live message is not evicted for it.
    expect(await storeReleased(a, message('f', topics[0]!, 1))).toBe(true)
    now += 1_000
    expect(await storeReleased(a, message('g', topics[1]!))).toBe(true)
    expect(await held()).toEqual(['c', 'd', 'e', 'g'])
    expect(await a.stats()).toMatchObject({ storedMessages: 4, evictedMessages: 2 })
    // The relay's /metrics shows the deployment's totals.
    const relay = later(await startRelay({ redisUrl: redisServer.url, logger: quiet, limits }))
    const metrics = await (await fetch(`${relay.url.replace('ws://', 'http://')}/metrics`)).text()
    expect(metrics).toContain('wf_relay_stored_messages 4\n')
    expect(metrics).toContain('wf_relay_evicted_messages 2\n')
  })

  it('delivers a publish on relay A to a subscriber on relay B, and records its ack for both', async () => {
    const a = later(await startRelay({ port: 0, redisUrl: redisServer.url, logger: quiet }))
    const b = later(await startRelay({ port: 0, redisUrl: redisServer.url, logger: quiet }))
    const dapp = later(await RawClient.connect(a.url))
    const walletIdentity = createIdentity()
    const wallet = later(await RawClient.connect(b.url, { identity: walletIdentity }))
    const topic = newTopic()
    await dapp.request('irn_subscribe', { topic })
    await wallet.request('irn_subscribe', { topic })

    await dapp.request('irn_publish', { topic, message: 'across relays', ttl: 300, tag: 1108 })
    expect((await wallet.nextDelivery()).message).toBe('across relays')
    await wallet.request('irn_publish', { topic, message: 'and back', ttl: 300, tag: 1109 })
    expect((await dapp.nextDelivery()).message).toBe('and back')
    await expect(dapp.nextDelivery(200)).rejects.toThrow('no delivery')

    // The wallet acked on B; reconnecting to A it gets nothing again.
    await wallet.close()
    const again = later(await RawClient.connect(a.url, { identity: walletIdentity }))
    await again.request('irn_batchSubscribe', { topics: [topic] })
    await expect(again.nextDelivery(300)).rejects.toThrow('no delivery')
  })

  it('loses no message while a relay restarts', async () => {
    const portB = await freePort()
    const a = later(await startRelay({ port: 0, redisUrl: redisServer.url, logger: quiet }))
    let b = await startRelay({ port: portB, redisUrl: redisServer.url, logger: quiet })
    const dapp = later(await RawClient.connect(a.url))
    const walletIdentity = createIdentity()
    const wallet = await RawClient.connect(b.url, { identity: walletIdentity })
    const topic = newTopic()
    await wallet.request('irn_subscribe', { topic })

    await b.close()
    expect((await wallet.closed).code).toBe(1001)
    expect((await dapp.request('irn_publish', { topic, message: 'while B was down', ttl: 300 })).result).toBe(
      true,
    )

    b = later(await startRelay({ port: portB, redisUrl: redisServer.url, logger: quiet }))
    // What a WalletConnect client does on reconnect: a fresh JWT, then batchSubscribe to all topics.
    const reconnected = later(await RawClient.connect(b.url, { identity: walletIdentity }))
    await reconnected.request('irn_batchSubscribe', { topics: [topic] })
    expect((await reconnected.nextDelivery()).message).toBe('while B was down')
  })

  it('redelivers what was published while its fan-out connection was cut', async () => {
    const a = later(await startRelay({ port: 0, redisUrl: redisServer.url, logger: quiet }))
    const b = later(await startRelay({ port: 0, redisUrl: redisServer.url, logger: quiet }))
    const dapp = later(await RawClient.connect(a.url))
    const wallet = later(await RawClient.connect(b.url))
    const topic = newTopic()
    await wallet.request('irn_subscribe', { topic })

    // Cut every pub/sub connection (both relays'), then publish before they are back.
    await redis.client('KILL', 'TYPE', 'pubsub')
    await dapp.request('irn_publish', { topic, message: 'during the cut', ttl: 300 })
    expect((await wallet.nextDelivery(3000)).message).toBe('during the cut')
  })
})
