import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { RpcCode } from './errors.ts'
import { createMessage, MAX_HOLD_MS } from './mailbox.ts'
import { MemoryMailbox } from './memory-mailbox.ts'
import { storeReleased } from './testing/store-released.ts'

const DAPP = 'did:key:dapp'
const WALLET = 'did:key:wallet'
const OTHER_WALLET = 'did:key:other'

describe('MemoryMailbox', () => {
  let mailbox: MemoryMailbox
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z') })
    mailbox = new MemoryMailbox({ sweepIntervalMs: 1000 })
  })
  afterEach(async () => {
    await mailbox.close()
    vi.useRealTimers()
  })

  const publish = (message: string, publisher = DAPP, ttlSeconds = 300, topic = 't1') =>
    storeReleased(mailbox, createMessage({ topic, message, ttlSeconds, tag: 1108, publisher }))

  it('keeps a message until its ttl ends, then neither delivers nor holds it', async () => {
    await publish('short', DAPP, 10)
    await publish('long', DAPP, 60)
    vi.advanceTimersByTime(9_999)
    expect((await mailbox.unacked('t1', WALLET)).map((m) => m.message)).toEqual(['short', 'long'])
    vi.advanceTimersByTime(1)
    expect((await mailbox.unacked('t1', WALLET)).map((m) => m.message)).toEqual(['long'])
    expect(mailbox.size).toBe(1) // the sweep ran at 10 s and freed the expired message
    vi.advanceTimersByTime(50_000)
    expect(await mailbox.unacked('t1', WALLET)).toEqual([])
    expect(mailbox.size).toBe(0)
  })

  it('never hands a message back to its publisher', async () => {
    await publish('from dapp', DAPP)
    await publish('from wallet', WALLET)
    expect((await mailbox.unacked('t1', DAPP)).map((m) => m.message)).toEqual(['from wallet'])
    expect((await mailbox.unacked('t1', WALLET)).map((m) => m.message)).toEqual(['from dapp'])
  })

  it('tracks acks per client id and redelivers only what that client did not ack', async () => {
    await publish('a')
    await publish('b')
    await publish('c')
    const [a, b] = await mailbox.unacked('t1', WALLET)
    await mailbox.ack(WALLET, a!)
    await mailbox.ack(WALLET, b!)
    // A reconnect of the same client id gets only "c"; another client id still gets everything.
    expect((await mailbox.unacked('t1', WALLET)).map((m) => m.message)).toEqual(['c'])
    expect((await mailbox.unacked('t1', OTHER_WALLET)).map((m) => m.message)).toEqual(['a', 'b', 'c'])
    expect(await mailbox.unacked('other-topic', WALLET)).toEqual([])
  })

  it('stores a retried publish once, in publish order', async () => {
    expect(await publish('same')).toBe(true)
    expect(await publish('next')).toBe(true)
    expect(await publish('same')).toBe(false)
    expect((await mailbox.unacked('t1', WALLET)).map((m) => m.message)).toEqual(['same', 'next'])
    // The same ciphertext on another topic is a different message.
    expect(await publish('same', DAPP, 300, 't2')).toBe(true)
  })

  it('holds a stored message from readers until it is released, or at most MAX_HOLD_MS', async () => {
    const first = createMessage({
      topic: 't1',
      message: 'first',
      ttlSeconds: 300,
      tag: 1108,
      publisher: DAPP,
    })
    const second = createMessage({
      topic: 't1',
      message: 'second',
      ttlSeconds: 300,
      tag: 1108,
      publisher: DAPP,
    })
    await mailbox.store(first)
    await mailbox.store(second)
    expect(await mailbox.unacked('t1', WALLET)).toEqual([])
    await mailbox.release([first])
    expect((await mailbox.unacked('t1', WALLET)).map((m) => m.message)).toEqual(['first'])
    // Its publisher's relay stopped before releasing it: it is late, never lost.
    vi.advanceTimersByTime(MAX_HOLD_MS)
    expect((await mailbox.unacked('t1', WALLET)).map((m) => m.message)).toEqual(['first', 'second'])
  })
})

describe('MemoryMailbox byte limits', () => {
  // Each message below counts 1,000 bytes: 744 characters and the fixed 256 for the rest.
  const text = (label: string) => label.padEnd(744, '.')
  let now = 0
  const store = (mailbox: MemoryMailbox, label: string, topic = 't1', publisher = DAPP, ttlSeconds = 300) =>
    storeReleased(
      mailbox,
      createMessage({ topic, message: text(label), ttlSeconds, tag: 1108, publisher, now }),
    )
  const mailboxes: MemoryMailbox[] = []
  const open = (options: ConstructorParameters<typeof MemoryMailbox>[0]) => {
    const mailbox = new MemoryMailbox({ now: () => now, ...options })
    mailboxes.push(mailbox)
    return mailbox
  }
  afterEach(async () => {
    await Promise.all(mailboxes.splice(0).map((mailbox) => mailbox.close()))
  })

  it('refuses a topic past its bytes with -32005, and takes more once messages expire', async () => {
    const mailbox = open({ limits: { maxTopicBytes: 3000 } })
    for (const label of ['a', 'b', 'c']) expect(await store(mailbox, label, 't1', DAPP, 10)).toBe(true)
    await expect(store(mailbox, 'd')).rejects.toMatchObject({
      code: RpcCode.limitExceeded,
      message: 'Limit exceeded: a topic holds at most 3000 bytes of messages',
    })
    expect(await store(mailbox, 'd', 't2')).toBe(true)
    now += 10_000
    expect(await store(mailbox, 'd')).toBe(true)
    expect(mailbox.stats()).toEqual({ storedBytes: 2000, storedMessages: 2, evictedMessages: 0 })
    now = 0
  })

  it('refuses a client past its bytes across topics; other clients go on', async () => {
    const mailbox = open({ limits: { maxClientBytes: 2000 } })
    expect(await store(mailbox, 'a', 't1')).toBe(true)
    expect(await store(mailbox, 'b', 't2')).toBe(true)
    await expect(store(mailbox, 'c', 't3')).rejects.toMatchObject({ code: RpcCode.limitExceeded })
    expect(await store(mailbox, 'c', 't3', WALLET)).toBe(true)
  })

  it('evicts the oldest messages, whatever their topic, when the whole mailbox is full', async () => {
    const mailbox = open({ limits: { maxStoredBytes: 3000 } })
    for (const [label, topic] of [
      ['a', 't1'],
      ['b', 't2'],
      ['c', 't1'],
      ['d', 't3'],
      ['e', 't2'],
    ]) {
      expect(await store(mailbox, label!, topic)).toBe(true)
    }
    expect(mailbox.stats()).toEqual({ storedBytes: 3000, storedMessages: 3, evictedMessages: 2 })
    const left = async (topic: string) => (await mailbox.unacked(topic, WALLET)).map((m) => m.message[0])
    expect([await left('t1'), await left('t2'), await left('t3')]).toEqual([['c'], ['e'], ['d']])
  })
})
