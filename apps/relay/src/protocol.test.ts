/** The relay protocol over real sockets, driven by a bare JSON-RPC client. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { RpcCode } from './errors.ts'
import { subscriptionId } from './hash.ts'
import { type RunningRelay, startRelay } from './server.ts'
import { createIdentity } from './testing/identity.ts'
import { RawClient, refusal } from './testing/raw-client.ts'

const limits = {
  maxMessageBytes: 1024,
  maxFrameBytes: 16 * 1024,
  maxSubscriptionsPerConnection: 20,
  maxBatchSize: 10,
  publishPerSecond: 1,
  publishBurst: 10,
  maxUnackedDeliveries: 3,
}

let relay: RunningRelay
const clients: RawClient[] = []
const connect = async (options: Parameters<typeof RawClient.connect>[1] = {}) => {
  const client = await RawClient.connect(relay.url, options)
  clients.push(client)
  return client
}
let topicCounter = 0
const newTopic = () => `${'ab'.repeat(30)}${String(++topicCounter).padStart(4, '0')}`
const publish = (client: RawClient, topic: string, message: string, extra: object = {}) =>
  client.request('irn_publish', { topic, message, ttl: 300, tag: 1108, prompt: false, ...extra })

beforeAll(async () => {
  relay = await startRelay({ port: 0, limits, logger: { warn: () => {} } })
})
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()))
})
afterAll(async () => {
  await relay.close()
})

/** Shows the relay still serves a fresh pair of clients after whatever the test threw at it. */
async function expectServing() {
  const [a, b] = [await connect(), await connect()]
  const topic = newTopic()
  await b.request('irn_subscribe', { topic })
  expect((await publish(a, topic, 'still here')).result).toBe(true)
  expect((await b.nextDelivery()).message).toBe('still here')
}

describe('relay methods', () => {
  it('subscribes with the id clients compute and delivers a publish to others only', async () => {
    const [dapp, wallet] = [await connect(), await connect()]
    const topic = newTopic()
    const subscribed = await wallet.request('irn_subscribe', { topic })
    expect(subscribed.result).toBe(subscriptionId(topic, wallet.identity.clientId))
    await dapp.request('irn_subscribe', { topic })

    expect((await publish(dapp, topic, 'hello wallet')).result).toBe(true)
    const delivery = await wallet.nextDelivery()
    expect(delivery).toMatchObject({
      subscriptionId: subscribed.result,
      topic,
      message: 'hello wallet',
      tag: 1108,
      attestation: '',
    })
    expect(Math.abs(delivery.publishedAt - Date.now())).toBeLessThan(5000)
    // Relay-made ids stay within 16 digits so clients can match their acks.
    expect(String(delivery.requestId).length).toBeLessThanOrEqual(16)
    await expect(dapp.nextDelivery(200)).rejects.toThrow('no delivery')
  })

  it('echoes request ids byte for byte: 19-digit numbers, strings, odd spacing', async () => {
    const client = await connect()
    const topic = newTopic()
    const big = '1732617600123456789'
    expect((await client.requestWithRawId(big, 'irn_subscribe', { topic })).rawId).toBe(big)
    expect((await client.requestWithRawId('"7e9c"', 'irn_subscribe', { topic })).rawId).toBe('"7e9c"')
    const reply = await client.sendExpectingReply(
      '9007199254740993',
      `{ "jsonrpc":"2.0" , "id" :  9007199254740993 ,"method":"irn_unsubscribe","params":{"topic":"${topic}"}}`,
    )
    expect(reply).toMatchObject({ rawId: '9007199254740993', result: true })
  })

  it('keeps messages for subscribers who come later, and redelivers only what was not acked', async () => {
    const dapp = await connect()
    const topic = newTopic()
    await publish(dapp, topic, 'first')
    await publish(dapp, topic, 'second')

    const identity = createIdentity()
    const walletNoAck = await connect({ identity, autoAck: false })
    expect((await walletNoAck.request('irn_batchSubscribe', { topics: [topic] })).result).toEqual([
      subscriptionId(topic, identity.clientId),
    ])
    const first = await walletNoAck.nextDelivery()
    const second = await walletNoAck.nextDelivery()
    expect([first.message, second.message]).toEqual(['first', 'second'])
    walletNoAck.ack(first)
    await walletNoAck.close()

    // Same client id on a new socket, as after a reconnect: only the unacked message comes again.
    const wallet = await connect({ identity })
    await wallet.request('irn_batchSubscribe', { topics: [topic] })
    expect((await wallet.nextDelivery()).message).toBe('second')
    await expect(wallet.nextDelivery(200)).rejects.toThrow('no delivery')
  })

  it('stops delivering after irn_unsubscribe and irn_batchUnsubscribe', async () => {
    const [dapp, wallet] = [await connect(), await connect()]
    const [t1, t2] = [newTopic(), newTopic()]
    await wallet.request('irn_batchSubscribe', { topics: [t1, t2] })
    expect((await wallet.request('irn_unsubscribe', { topic: t1, id: 'x' })).result).toBe(true)
    await publish(dapp, t1, 'not for you')
    await publish(dapp, t2, 'for you')
    expect((await wallet.nextDelivery()).message).toBe('for you')
    const unsub = await wallet.request('irn_batchUnsubscribe', { subscriptions: [{ topic: t2, id: 'y' }] })
    expect(unsub.result).toBe(true)
    await publish(dapp, t2, 'not either')
    await expect(wallet.nextDelivery(200)).rejects.toThrow('no delivery')
  })

  it('publishes a batch in order', async () => {
    const [dapp, wallet] = [await connect(), await connect()]
    const [t1, t2] = [newTopic(), newTopic()]
    await wallet.request('irn_batchSubscribe', { topics: [t1, t2] })
    const messages = [
      { topic: t1, message: 'one', ttl: 300, tag: 1 },
      { topic: t2, message: 'two', ttl: 300, tag: 2 },
    ]
    expect((await dapp.request('irn_batchPublish', { messages })).result).toBe(true)
    expect((await wallet.nextDelivery()).message).toBe('one')
    expect((await wallet.nextDelivery()).message).toBe('two')
  })

  it('fetches stored messages, which then count as delivered', async () => {
    const dapp = await connect()
    const [t1, t2] = [newTopic(), newTopic()]
    await publish(dapp, t1, 'm1')
    await publish(dapp, t2, 'm2')
    const wallet = await connect()
    const single = await wallet.request('irn_fetchMessages', { topic: t1 })
    expect(single.result).toMatchObject({
      hasMore: false,
      messages: [{ topic: t1, message: 'm1', attestation: '' }],
    })
    const batch = await wallet.request('irn_batchFetchMessages', { topics: [t1, t2] })
    expect(batch.result).toMatchObject({ hasMore: false, messages: [{ topic: t2, message: 'm2' }] })
    await wallet.request('irn_batchSubscribe', { topics: [t1, t2] })
    await expect(wallet.nextDelivery(200)).rejects.toThrow('no delivery')
    // The publisher never fetches its own messages.
    expect((await dapp.request('irn_fetchMessages', { topic: t1 })).result).toEqual({
      messages: [],
      hasMore: false,
    })
  })

  it('wc_proposeSession and wc_approveSession subscribe the sender and leave messages for the peer', async () => {
    const [dapp, wallet] = [await connect(), await connect()]
    const [pairingTopic, sessionTopic] = [newTopic(), newTopic()]
    const proposed = await dapp.request('wc_proposeSession', {
      pairingTopic,
      sessionProposal: 'proposal',
      ttl: 300,
      correlationId: 1,
    })
    expect(proposed.result).toBe(true)

    // The wallet pairs later and finds the proposal waiting.
    await wallet.request('irn_subscribe', { topic: pairingTopic })
    expect(await wallet.nextDelivery()).toMatchObject({ topic: pairingTopic, message: 'proposal', tag: 1100 })

    const approved = await wallet.request('wc_approveSession', {
      sessionTopic,
      pairingTopic,
      sessionProposalResponse: 'response',
      sessionSettlementRequest: 'settlement',
      ttl: 300,
    })
    expect(approved.result).toBe(true)
    // The dapp was subscribed to the pairing topic by its proposal.
    expect(await dapp.nextDelivery()).toMatchObject({ topic: pairingTopic, message: 'response', tag: 1101 })
    await dapp.request('irn_subscribe', { topic: sessionTopic })
    expect(await dapp.nextDelivery()).toMatchObject({ topic: sessionTopic, message: 'settlement', tag: 1102 })
    // And the wallet was subscribed to the session topic by its approval.
    await publish(dapp, sessionTopic, 'request')
    expect((await wallet.nextDelivery()).message).toBe('request')
  })
})

describe('conformance with what WalletConnect clients send', () => {
  it('keeps each tag, takes prompt and other extras, cuts a long ttl, refuses one past 30 days', async () => {
    const [dapp, wallet] = [await connect(), await connect()]
    const topic = newTopic()
    await wallet.request('irn_subscribe', { topic })
    for (const tag of [1100, 1108, 1109, 1112, 1114, 1115]) {
      const reply = await publish(dapp, topic, `tag ${tag}`, { tag, prompt: tag === 1108, tvf: { x: 1 } })
      expect(reply.result).toBe(true)
      expect(await wallet.nextDelivery()).toMatchObject({ message: `tag ${tag}`, tag })
    }
    expect((await publish(dapp, topic, 'month', { ttl: 30 * 86_400 })).result).toBe(true)
    await wallet.nextDelivery()
    expect((await publish(dapp, topic, 'too long', { ttl: 30 * 86_400 + 1 })).error).toEqual({
      code: RpcCode.invalidParams,
      message: 'Invalid params: ttl must be whole seconds from 1 to 2592000',
    })
  })

  it('answers an unknown irn_* method with -32601 and keeps serving the socket', async () => {
    const client = await connect()
    for (const method of ['irn_watchRegister', 'irn_notify', 'wc_unknown']) {
      expect((await client.request(method, {})).error).toEqual({
        code: RpcCode.methodNotFound,
        message: `Method not found: ${method}`,
      })
    }
    expect((await client.request('irn_subscribe', { topic: newTopic() })).result).toBeTypeOf('string')
  })
})

describe('malformed frames and limits', () => {
  it('answers bad JSON with -32700 and keeps the socket', async () => {
    const client = await connect()
    const reply = await client.sendExpectingReply('null', '{"id":1,"method":')
    expect(reply.error).toEqual({ code: RpcCode.parseError, message: 'Parse error: frame is not valid JSON' })
    const batch = await client.sendExpectingReply('null', '[{"id":1}]')
    expect(batch.error?.code).toBe(RpcCode.invalidRequest)
    expect((await client.request('irn_subscribe', { topic: newTopic() })).result).toBeTypeOf('string')
    await expectServing()
  })

  it('answers an unknown method with -32601', async () => {
    const client = await connect()
    const reply = await client.request('irn_teleport', {})
    expect(reply.error).toEqual({ code: RpcCode.methodNotFound, message: 'Method not found: irn_teleport' })
    expect((await client.request('toString', {})).error?.code).toBe(RpcCode.methodNotFound)
    await expectServing()
  })

  it('answers bad params with -32602 naming the field', async () => {
    const client = await connect()
    expect((await client.request('irn_subscribe', [])).error).toEqual({
      code: RpcCode.invalidParams,
      message: 'Invalid params: irn_subscribe takes an object',
    })
    expect((await client.request('irn_subscribe', { topic: 42 })).error?.message).toMatch(
      /topic must be a topic string/,
    )
    expect((await client.request('irn_batchSubscribe', { topics: 'x' })).error?.message).toBe(
      'Invalid params: topics must be an array',
    )
    expect((await publish(client, newTopic(), '')).error?.message).toBe(
      'Invalid params: message must be a non-empty string',
    )
    expect((await publish(client, newTopic(), 'x', { ttl: -1 })).error).toMatchObject({
      code: RpcCode.invalidParams,
    })
    expect((await client.request('wc_approveSession', { sessionTopic: newTopic() })).error?.message).toMatch(
      /pairingTopic must be a topic string/,
    )
    await expectServing()
  })

  it('refuses an oversized message with -32005 and closes on an oversized frame', async () => {
    const client = await connect()
    const tooBig = await publish(client, newTopic(), 'x'.repeat(limits.maxMessageBytes + 1))
    expect(tooBig.error).toEqual({
      code: RpcCode.limitExceeded,
      message: `Limit exceeded: message is ${limits.maxMessageBytes + 1} bytes, the limit is ${limits.maxMessageBytes}`,
    })
    expect((await publish(client, newTopic(), 'fits')).result).toBe(true)

    client.socket.send('x'.repeat(limits.maxFrameBytes + 1))
    expect((await client.closed).code).toBe(1009)
    await expectServing()
  })

  it('limits subscriptions per connection, batch sizes and the publish rate', async () => {
    const client = await connect()
    const topics = Array.from({ length: 10 }, newTopic)
    await client.request('irn_batchSubscribe', { topics })
    await client.request('irn_batchSubscribe', { topics: topics.map((t) => `${t}b`) })
    // Subscribing again to known topics is free; a new one is over the limit of 20.
    expect((await client.request('irn_batchSubscribe', { topics })).result).toHaveLength(10)
    expect((await client.request('irn_subscribe', { topic: newTopic() })).error).toEqual({
      code: RpcCode.limitExceeded,
      message: 'Limit exceeded: at most 20 subscriptions per connection',
    })
    const eleven = Array.from({ length: 11 }, newTopic)
    expect((await client.request('irn_batchFetchMessages', { topics: eleven })).error?.message).toBe(
      'Limit exceeded: 11 topics in one batch, the limit is 10',
    )

    const publisher = await connect()
    const topic = newTopic()
    const replies = await Promise.all(
      Array.from({ length: 12 }, (_, i) => publish(publisher, topic, `m${i}`)),
    )
    const refused = replies.filter((reply) => reply.error)
    expect(refused.length).toBeGreaterThanOrEqual(1)
    expect(refused[0]!.error).toEqual({
      code: RpcCode.limitExceeded,
      message: 'Limit exceeded: more than 1 publishes per second on this connection',
    })
    await expectServing()
  })

  it('holds deliveries beyond the unacked window in the mailbox until acks make room', async () => {
    const identity = createIdentity()
    const [dapp, slow] = [await connect(), await connect({ identity, autoAck: false })]
    const topic = newTopic()
    await slow.request('irn_subscribe', { topic })
    for (const text of ['1', '2', '3', '4', '5']) await publish(dapp, topic, text)
    const window = [await slow.nextDelivery(), await slow.nextDelivery(), await slow.nextDelivery()]
    expect(window.map((d) => d.message)).toEqual(['1', '2', '3'])
    await expect(slow.nextDelivery(200)).rejects.toThrow('no delivery')

    // Once the window is acked, the rest follows.
    slow.ack(window[0]!)
    slow.ack(window[1]!)
    await expect(slow.nextDelivery(100)).rejects.toThrow('no delivery')
    slow.ack(window[2]!)
    expect([(await slow.nextDelivery()).message, (await slow.nextDelivery()).message]).toEqual(['4', '5'])

    // Reconnecting with more unacked than the window still gets all of it, a window at a time.
    await slow.close()
    await publish(dapp, topic, '6')
    await publish(dapp, topic, '7')
    const back = await connect({ identity })
    await back.request('irn_subscribe', { topic })
    const all = []
    for (let i = 0; i < 4; i++) all.push((await back.nextDelivery()).message)
    expect(all).toEqual(['4', '5', '6', '7'])
    await expect(back.nextDelivery(100)).rejects.toThrow('no delivery')
  })

  it('refuses binary frames and frames that are neither request nor response', async () => {
    const client = await connect()
    const binary = new Promise<string>((resolve) =>
      client.socket.once('message', (data) => resolve(data.toString())),
    )
    client.socket.send(Buffer.from([1, 2, 3]))
    expect(JSON.parse(await binary).error.code).toBe(RpcCode.invalidRequest)
    expect((await client.sendExpectingReply('5', '{"id":5,"jsonrpc":"2.0"}')).error?.code).toBe(
      RpcCode.invalidRequest,
    )
    expect((await client.sendExpectingReply('6', '{"id":6,"method":"irn_subscribe"}')).error?.message).toBe(
      'Invalid request: jsonrpc must be "2.0"',
    )
  })
})

describe('connections', () => {
  it('refuses bad, expired and misaddressed JWTs at upgrade with HTTP 401 and a reason', async () => {
    const identity = createIdentity()
    const reason = async (token: string | undefined) => {
      const { status, body } = await refusal(relay.url, token)
      expect(status).toBe(401)
      return (JSON.parse(body) as { error: string }).error
    }
    expect(await reason(undefined)).toBe('Missing auth query parameter (a relay JWT)')
    expect(await reason('garbage')).toBe('malformed JWT: expected header.payload.signature')
    expect(await reason(identity.token(relay.url, { exp: Math.floor(Date.now() / 1000) - 1 }))).toBe(
      'JWT expired',
    )
    expect(await reason(identity.token('ws://elsewhere:1'))).toBe(`JWT aud must be ${relay.url}`)
    const [h, p, s] = identity.token(relay.url).split('.')
    expect(await reason(`${h}.${p}.${s!.slice(0, -4)}AAAA`)).toBe('JWT signature is invalid')
    await expectServing()
  })

  it('closes a socket when its JWT expires (4010), and refuses tokens living past the cap', async () => {
    const identity = createIdentity()
    const exp = Math.floor(Date.now() / 1000) + 2
    const client = await connect({ identity, token: identity.token(relay.url, { exp }) })
    const closed = await client.closed
    expect(closed).toEqual({ code: 4010, reason: 'JWT expired: reconnect with a new token' })
    expect(Date.now()).toBeGreaterThanOrEqual(exp * 1000)
    const { status, body } = await refusal(relay.url, identity.token(relay.url, { exp: exp + 30 * 86_400 }))
    expect(status).toBe(401)
    expect(body).toMatch(/JWT lifetime too long/)
  })

  it('answers GET /healthz', async () => {
    const response = await fetch(`${relay.url.replace('ws://', 'http://')}/healthz`)
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ ok: true })
  })

  it('pings sockets, keeps those that answer and drops those that do not', async () => {
    const pinging = await startRelay({ port: 0, pingIntervalMs: 50 })
    try {
      const live = await RawClient.connect(pinging.url)
      const identity = createIdentity()
      const dead = new WebSocket(`${pinging.url}?auth=${identity.token(pinging.url)}`, { autoPong: false })
      const deadClosed = new Promise<number>((resolve) => dead.once('close', (code) => resolve(code)))
      // A socket is dropped when it missed the previous ping, so a third ping to the live socket
      // means it outlived at least two liveness checks.
      const thirdPing = new Promise<void>((resolve) => {
        let pings = 0
        live.socket.on('ping', () => {
          if (++pings === 3) resolve()
        })
      })
      // No close frame from a dead peer: it is terminated (1006 on this side).
      expect(await deadClosed).toBe(1006)
      await thirdPing
      expect(live.socket.readyState).toBe(WebSocket.OPEN)
      await live.close()
    } finally {
      await pinging.close()
    }
  })

  it('shuts down gracefully: sockets closed with 1001, no new connections', async () => {
    const stopping = await startRelay({ port: 0 })
    const [a, b] = [await RawClient.connect(stopping.url), await RawClient.connect(stopping.url)]
    const topic = newTopic()
    await b.request('irn_subscribe', { topic })
    expect((await publish(a, topic, 'before shutdown')).result).toBe(true)
    await stopping.close()
    expect(await a.closed).toEqual({ code: 1001, reason: 'Relay shutting down' })
    expect((await b.closed).code).toBe(1001)
    await expect(RawClient.connect(stopping.url)).rejects.toThrow()
  })
})

describe('a client with more than one socket (interop matrix: sign-client 2.17–2.20 after a restart)', () => {
  it('a newer socket of the client id inherits its subscriptions, with the same ids, and gets what is published', async () => {
    const identity = createIdentity()
    const [older, peer] = [await connect({ identity }), await connect()]
    const topic = newTopic()
    await older.request('irn_subscribe', { topic })
    // The client's next socket, opened while the first still stands; it never subscribes itself.
    const newer = await connect({ identity })
    expect((await publish(peer, topic, 'to the client')).result).toBe(true)
    const delivery = await newer.nextDelivery()
    expect(delivery).toMatchObject({
      topic,
      message: 'to the client',
      subscriptionId: subscriptionId(topic, identity.clientId),
    })
    expect((await older.nextDelivery()).message).toBe('to the client')
    // Another client id inherits nothing.
    const stranger = await connect()
    expect((await publish(peer, topic, 'again')).result).toBe(true)
    await expect(stranger.nextDelivery(200)).rejects.toThrow('no delivery')
  })

  it('a subscribe or an unsubscribe on one socket holds for all of them; a closed socket takes nothing away', async () => {
    const identity = createIdentity()
    const [first, second, peer] = [await connect({ identity }), await connect({ identity }), await connect()]
    const topic = newTopic()
    await second.request('irn_subscribe', { topic })
    await publish(peer, topic, 'both')
    expect((await first.nextDelivery()).message).toBe('both')
    expect((await second.nextDelivery()).message).toBe('both')
    await second.close()
    await publish(peer, topic, 'first still')
    expect((await first.nextDelivery()).message).toBe('first still')
    const third = await connect({ identity })
    await third.request('irn_unsubscribe', { topic, id: subscriptionId(topic, identity.clientId) })
    await publish(peer, topic, 'nobody')
    await expect(first.nextDelivery(200)).rejects.toThrow('no delivery')
  })
})
