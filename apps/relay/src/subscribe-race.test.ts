/**
 * A subscribe racing a publish on its topic (issue 10 gap: a subscribe delivers the topic's stored
 * messages after its reply; a publish stored in that window could reach the subscriber before its
 * publisher had the ack, and sign-client, which listens for the answer only once its publish is
 * acknowledged, then misses it). Made to happen every time: the mailbox has the message at once
 * but tells the relay late, as Redis does when another relay reads it first. Both mailboxes.
 */
import { hasRedisServer, REDIS_SERVER, type RedisServer, startRedisServer } from '@walletframe/testing'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { WebSocket } from 'ws'
import { noFanout } from './fanout.ts'
import { defaultLimits } from './limits.ts'
import type { Mailbox, RelayMessage } from './mailbox.ts'
import { MemoryMailbox } from './memory-mailbox.ts'
import { RedisMailbox } from './redis-mailbox.ts'
import { Relay } from './relay.ts'
import { FakeSocket } from './testing/fake-socket.ts'

/** Stores at once; answers the relay only when `answer()` is called. */
class LateAnswerMailbox implements Mailbox {
  #answer!: () => void
  readonly #answered = new Promise<void>((resolve) => {
    this.#answer = resolve
  })
  constructor(private readonly inner: Mailbox) {}
  answer = () => this.#answer()
  async store(message: RelayMessage) {
    const stored = await this.inner.store(message)
    await this.#answered
    return stored
  }
  release = (messages: RelayMessage[]) => this.inner.release(messages)
  unacked = (topic: string, clientId: string) => this.inner.unacked(topic, clientId)
  ack = (clientId: string, message: RelayMessage) => this.inner.ack(clientId, message)
  close = () => this.inner.close()
}

let topicCounter = 0
const newTopic = () => `${'be'.repeat(30)}${String(++topicCounter).padStart(4, '0')}`
const settle = () => new Promise((resolve) => setTimeout(resolve, 50))

async function race(inner: Mailbox) {
  const mailbox = new LateAnswerMailbox(inner)
  const relay = new Relay(mailbox, noFanout, defaultLimits, { warn: () => {} })
  const wire: Array<{ socket: string; frame: Record<string, unknown> }> = []
  const connect = (name: string) => {
    const socket = new FakeSocket(name, wire)
    relay.attach(socket as unknown as WebSocket, `did:key:${name}`)
    return socket
  }
  const [dapp, wallet] = [connect('dapp'), connect('wallet')]
  const topic = newTopic()
  // The dapp publishes; the wallet subscribes right after, while the publish is being stored.
  dapp.request(7, 'irn_publish', { topic, message: 'answer', ttl: 300, tag: 1109 })
  await settle()
  wallet.request(1, 'irn_subscribe', { topic })
  await settle()
  mailbox.answer()
  await relay.drain()
  await settle()
  return wire.map(({ socket, frame }) =>
    frame.method === 'irn_subscription' ? `${socket}: delivery` : `${socket}: reply ${String(frame.id)}`,
  )
}

const ACK_FIRST = ['wallet: reply 1', 'dapp: reply 7', 'wallet: delivery']

describe('a subscribe racing a publish on its topic', () => {
  it('in memory: the subscriber gets the message once, after the publisher has its ack', async () => {
    const inner = new MemoryMailbox()
    try {
      expect(await race(inner)).toEqual(ACK_FIRST)
    } finally {
      await inner.close()
    }
  })

  describe.skipIf(!hasRedisServer)(`on Redis (needs ${REDIS_SERVER})`, () => {
    let server: RedisServer
    let redis: Redis
    beforeAll(async () => {
      server = await startRedisServer()
      redis = new Redis(server.url)
    })
    afterAll(async () => {
      await redis?.quit()
      await server?.stop()
    })

    it('the subscriber gets the message once, after the publisher has its ack', async () => {
      expect(await race(new RedisMailbox(redis))).toEqual(ACK_FIRST)
    })
  })
})
