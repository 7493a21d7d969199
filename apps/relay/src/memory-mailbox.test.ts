import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createMessage } from './mailbox.ts'
import { MemoryMailbox } from './memory-mailbox.ts'

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
    mailbox.store(createMessage({ topic, message, ttlSeconds, tag: 1108, publisher }))

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
})
