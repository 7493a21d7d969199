/**
 * An accepted message is never lost when its delivery fails afterwards: the publisher keeps its
 * `true`, and the message waits in the mailbox for irn_batchFetchMessages (or the next subscribe).
 * Driven on the Relay itself with in-memory sockets, so the failures can be made to happen.
 */
import { afterEach, describe, expect, it } from 'vitest'
import type { WebSocket } from 'ws'
import type { Fanout } from './fanout.ts'
import { defaultLimits } from './limits.ts'
import { MemoryMailbox } from './memory-mailbox.ts'
import { Relay } from './relay.ts'
import { FakeSocket } from './testing/fake-socket.ts'

const failingFanout: Fanout = {
  announce: async () => {
    throw new Error('fan-out is down')
  },
  onMessage: () => {},
  onResync: () => {},
  close: async () => {},
}

const warnings: string[] = []
const mailboxes: MemoryMailbox[] = []
afterEach(async () => {
  await Promise.all(mailboxes.splice(0).map((mailbox) => mailbox.close()))
  warnings.length = 0
})

function relayWith(fanout: Fanout) {
  const mailbox = new MemoryMailbox()
  mailboxes.push(mailbox)
  const relay = new Relay(mailbox, fanout, defaultLimits, { warn: (message) => warnings.push(message) })
  const connect = (clientId: string) => {
    const socket = new FakeSocket()
    relay.attach(socket as unknown as WebSocket, clientId)
    return socket
  }
  return { relay, connect }
}

const TOPIC = 'ab'.repeat(32)
const reply = (socket: FakeSocket, id: number) => socket.sent.find((frame) => frame.id === id)

describe('delivery failing after acceptance', () => {
  it('a broken subscriber socket: the others still get it, the publisher its ack, nothing is lost', async () => {
    const { relay, connect } = relayWith(failingFanout)
    const [publisher, broken, healthy] = [
      connect('did:key:dapp'),
      connect('did:key:w1'),
      connect('did:key:w2'),
    ]
    broken.request(1, 'irn_subscribe', { topic: TOPIC })
    healthy.request(1, 'irn_subscribe', { topic: TOPIC })
    await relay.drain()
    broken.failSends = true

    publisher.request(7, 'irn_publish', { topic: TOPIC, message: 'accepted', ttl: 300, tag: 1108 })
    await relay.drain()
    expect(reply(publisher, 7)).toMatchObject({ result: true })
    expect(healthy.sent.at(-1)).toMatchObject({ method: 'irn_subscription' })
    expect(warnings.join('\n')).toMatch(
      /socket broke[\s\S]*fan-out is down|fan-out is down[\s\S]*socket broke/,
    )

    // The broken client comes back on a new socket and fetches what it missed.
    broken.close()
    const back = connect('did:key:w1')
    back.request(8, 'irn_batchFetchMessages', { topics: [TOPIC] })
    await relay.drain()
    expect(reply(back, 8)).toMatchObject({
      result: { hasMore: false, messages: [{ topic: TOPIC, message: 'accepted', tag: 1108 }] },
    })
  })

  it('a publisher gone before its ack is written: the message is still delivered', async () => {
    const { relay, connect } = relayWith(failingFanout)
    const [publisher, wallet] = [connect('did:key:dapp'), connect('did:key:wallet')]
    wallet.request(1, 'irn_subscribe', { topic: TOPIC })
    await relay.drain()
    publisher.request(2, 'irn_publish', { topic: TOPIC, message: 'orphan', ttl: 300 })
    publisher.close()
    await relay.drain()
    expect(wallet.sent.at(-1)).toMatchObject({
      method: 'irn_subscription',
      params: { data: { message: 'orphan' } },
    })
  })
})
