/**
 * WalletConnect-like relay traffic for the soak: `pairs` sessions, each two clients on one topic
 * (a dapp and a wallet); the dapps publish requests at a steady total `rate`, each wallet answers
 * every request it receives on the same topic, and one session a second is replaced by a new one
 * (new keys, new topic) so connection, subscription and mailbox state must be given back.
 */
import { performance } from 'node:perf_hooks'
import { createIdentity } from '../../apps/relay/src/testing/identity.ts'
import { RawClient } from '../../apps/relay/src/testing/raw-client.ts'
import { Recorder } from './recorder.ts'

/** About the size of an encrypted WalletConnect request. */
const PADDING = 'x'.repeat(480)
const REQUEST_TAG = 1108
const RESPONSE_TAG = 1109
const CHURN_MS = 1000

interface Session {
  topic: string
  dapp: RawClient
  wallet: RawClient
}

export interface RelayLoadOptions {
  url: string
  pairs: number
  /** Requests per second over all sessions; each is answered, so publishes are twice this. */
  rate: number
  ttlSeconds: number
}

export function startRelayLoad(options: RelayLoadOptions) {
  const requests = new Recorder()
  const responses = new Recorder()
  const sessions: Session[] = []
  let stopped = false

  const publish = (client: RawClient, topic: string, tag: number, recorder: Recorder) => {
    const message = `${performance.now()}:${PADDING}`
    return client
      .request('irn_publish', { topic, message, ttl: options.ttlSeconds, tag })
      .then((reply) => reply.error && recorder.fail(`publish ${reply.error.code}`))
  }

  async function openSession(): Promise<Session> {
    const topic = `${createIdentity().clientId.slice(-40)}${performance.now().toFixed(3).padStart(24, '0')}`
    const dapp = await RawClient.connect(options.url)
    const wallet = await RawClient.connect(options.url)
    const session = { topic, dapp, wallet }
    // Deliveries are measured and answered as they come; the clients' own queues stay empty.
    wallet.onDelivery = (delivery) => {
      wallet.deliveries.length = 0
      if (delivery.tag !== REQUEST_TAG) return
      requests.ok(performance.now() - Number(delivery.message.slice(0, delivery.message.indexOf(':'))))
      if (!stopped) void publish(wallet, topic, RESPONSE_TAG, responses)
    }
    dapp.onDelivery = (delivery) => {
      dapp.deliveries.length = 0
      if (delivery.tag !== RESPONSE_TAG) return
      responses.ok(performance.now() - Number(delivery.message.slice(0, delivery.message.indexOf(':'))))
    }
    for (const client of [dapp, wallet]) {
      const reply = await client.request('irn_subscribe', { topic })
      if (reply.error) throw new Error(`soak: the relay refused a subscription: ${reply.error.message}`)
    }
    return session
  }

  async function closeSession(session: Session) {
    await Promise.all(
      [session.dapp, session.wallet].map((c) => c.request('irn_unsubscribe', { topic: session.topic })),
    )
    await Promise.all([session.dapp.close(), session.wallet.close()])
  }

  let next = 0
  let sent = 0
  let started = 0
  const offer = () => {
    // At most 50 ms of backlog after a stall of this process: the soak offers a rate, not bursts.
    const due = Math.floor(((performance.now() - started) / 1000) * options.rate)
    sent = Math.max(sent, due - options.rate / 20)
    for (; sent < due && sessions.length > 0; sent++, next++) {
      const session = sessions[next % sessions.length]!
      void publish(session.dapp, session.topic, REQUEST_TAG, requests)
    }
  }
  let churning: Promise<void> = Promise.resolve()
  const replaceOne = () => {
    churning = churning.then(async () => {
      if (stopped) return
      const old = sessions.shift()
      sessions.push(await openSession())
      if (old) await closeSession(old)
    })
  }
  const timers: NodeJS.Timeout[] = []

  return {
    requests,
    responses,
    async start() {
      for (let i = 0; i < options.pairs; i++) sessions.push(await openSession())
      started = performance.now()
      timers.push(setInterval(offer, 10), setInterval(replaceOne, CHURN_MS))
    },
    async stop() {
      stopped = true
      for (const timer of timers) clearInterval(timer)
      await churning
      await Promise.all(sessions.splice(0).map(closeSession))
    },
  }
}
