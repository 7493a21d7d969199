/**
 * The relay's JSON-RPC methods: the `irn_*` set every WalletConnect v2 client uses, and the two
 * `wc_*` shortcuts sign-client 2.x sends for session proposal and approval.
 */

import type { Connection } from './connection.ts'
import { limitExceeded } from './errors.ts'
import { createMessage, type RelayMessage } from './mailbox.ts'
import * as read from './params.ts'
import type { Relay } from './relay.ts'

export interface MethodContext {
  relay: Relay
  connection: Connection
  /** Work to run once the reply is sent, e.g. delivering stored messages after a subscribe. */
  afterReply(work: () => Promise<void>): void
}

type Method = (context: MethodContext, params: unknown) => Promise<unknown>

/** Tags of the messages the `wc_*` methods store, as sign-client tags these payloads itself. */
const Tag = { sessionPropose: 1100, sessionProposeResponse: 1101, sessionSettle: 1102 } as const

/** Messages per fetch reply; `hasMore` tells the client to fetch again. */
const FETCH_PAGE = 200

function takePublishTokens({ relay, connection }: MethodContext, count: number): void {
  if (!connection.publishBucket.take(count)) {
    const { publishPerSecond } = relay.limits
    throw limitExceeded(
      `Limit exceeded: more than ${publishPerSecond} publishes per second on this connection`,
    )
  }
}

function publishInput(context: MethodContext, params: read.Params): RelayMessage {
  const { limits } = context.relay
  return createMessage({
    topic: read.topic(params, 'topic'),
    message: read.message(params, 'message', limits),
    ttlSeconds: read.ttlSeconds(params, limits),
    tag: read.tag(params, 0),
    publisher: context.connection.clientId,
  })
}

/** Stores the messages now (the reply means "accepted"); delivers them once the reply is out. */
async function publish(context: MethodContext, messages: RelayMessage[]): Promise<true> {
  const accepted = await context.relay.accept(messages)
  if (accepted.length > 0) context.afterReply(() => context.relay.deliver(accepted))
  return true
}

function subscribeAndDeliver(context: MethodContext, topics: string[]): string[] {
  const ids = context.relay.subscribe(context.connection, topics)
  context.afterReply(() => context.relay.deliverStored(context.connection, topics))
  return ids
}

async function fetchMessages(context: MethodContext, topics: string[]) {
  const { relay, connection } = context
  const pending = (await Promise.all(topics.map((topic) => relay.unacked(topic, connection.clientId)))).flat()
  const page = pending.slice(0, FETCH_PAGE)
  // What a fetch returns counts as delivered once the reply is out: that is what lets a client
  // page through with `hasMore` instead of getting the first page forever.
  context.afterReply(() => relay.ack(connection, page))
  return {
    messages: page.map((message) => ({
      topic: message.topic,
      message: message.message,
      publishedAt: message.publishedAt,
      tag: message.tag,
      attestation: '',
    })),
    hasMore: pending.length > page.length,
  }
}

export const methods: Record<string, Method> = {
  async irn_subscribe(context, params) {
    const topic = read.topic(read.paramsObject(params, 'irn_subscribe'), 'topic')
    return subscribeAndDeliver(context, [topic])[0]
  },

  async irn_batchSubscribe(context, params) {
    const p = read.paramsObject(params, 'irn_batchSubscribe')
    return subscribeAndDeliver(context, read.topics(p, 'topics', context.relay.limits))
  },

  async irn_unsubscribe(context, params) {
    const topic = read.topic(read.paramsObject(params, 'irn_unsubscribe'), 'topic')
    context.relay.unsubscribe(context.connection, [topic])
    return true
  },

  async irn_batchUnsubscribe(context, params) {
    const p = read.paramsObject(params, 'irn_batchUnsubscribe')
    const topics = read
      .batch(p, 'subscriptions', context.relay.limits)
      .map((entry, index) => read.topic(read.paramsObject(entry, `subscriptions[${index}]`), 'topic'))
    context.relay.unsubscribe(context.connection, topics)
    return true
  },

  async irn_publish(context, params) {
    const message = publishInput(context, read.paramsObject(params, 'irn_publish'))
    takePublishTokens(context, 1)
    return publish(context, [message])
  },

  async irn_batchPublish(context, params) {
    const p = read.paramsObject(params, 'irn_batchPublish')
    const messages = read
      .batch(p, 'messages', context.relay.limits)
      .map((entry, index) => publishInput(context, read.paramsObject(entry, `messages[${index}]`)))
    takePublishTokens(context, messages.length)
    return publish(context, messages)
  },

  async irn_fetchMessages(context, params) {
    return fetchMessages(context, [read.topic(read.paramsObject(params, 'irn_fetchMessages'), 'topic')])
  },

  async irn_batchFetchMessages(context, params) {
    const p = read.paramsObject(params, 'irn_batchFetchMessages')
    return fetchMessages(context, read.topics(p, 'topics', context.relay.limits))
  },

  /** The dapp's proposal: subscribe it to the pairing topic and leave the proposal for the wallet. */
  async wc_proposeSession(context, params) {
    const p = read.paramsObject(params, 'wc_proposeSession')
    const { limits } = context.relay
    const pairingTopic = read.topic(p, 'pairingTopic')
    const proposal = createMessage({
      topic: pairingTopic,
      message: read.message(p, 'sessionProposal', limits),
      ttlSeconds: read.ttlSeconds(p, limits),
      tag: read.tag(p, Tag.sessionPropose),
      publisher: context.connection.clientId,
    })
    takePublishTokens(context, 1)
    subscribeAndDeliver(context, [pairingTopic])
    return publish(context, [proposal])
  },

  /**
   * The wallet's approval: subscribe it to the session topic, answer the proposal on the pairing
   * topic, then leave the settlement on the session topic for the dapp to find when it subscribes.
   */
  async wc_approveSession(context, params) {
    const p = read.paramsObject(params, 'wc_approveSession')
    const { limits } = context.relay
    const sessionTopic = read.topic(p, 'sessionTopic')
    const pairingTopic = read.topic(p, 'pairingTopic')
    const ttlSeconds = read.ttlSeconds(p, limits)
    const publisher = context.connection.clientId
    const response = createMessage({
      topic: pairingTopic,
      message: read.message(p, 'sessionProposalResponse', limits),
      ttlSeconds,
      tag: Tag.sessionProposeResponse,
      publisher,
    })
    const settlement = createMessage({
      topic: sessionTopic,
      message: read.message(p, 'sessionSettlementRequest', limits),
      ttlSeconds,
      tag: Tag.sessionSettle,
      publisher,
    })
    takePublishTokens(context, 2)
    subscribeAndDeliver(context, [sessionTopic])
    return publish(context, [response, settlement])
  },
}

export const isMethod = (name: string): boolean => Object.hasOwn(methods, name)
