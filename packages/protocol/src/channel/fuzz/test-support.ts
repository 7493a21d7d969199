/**
 * The channel fuzzer's harness: one real messenger on a MessageChannel per channel and side, with a
 * handler on every request and a listener on every event it may receive, and the test playing the
 * other frame on the raw port. Each generated message is followed by a probe (a request of no
 * method), whose answer proves that everything sent before it has been handled: no sleeps.
 */
import { expect, onTestFinished } from 'vitest'
import type * as z from 'zod/mini'
import { EnvelopeSchema } from '../../envelope.ts'
import { CHANNEL_ERRORS } from '../../errors/catalogue.ts'
import type { WireError } from '../../errors/walletframe-error.ts'
import type { WireValidator } from '../../wire/validator.ts'
import { hasForbiddenKeys } from '../forbidden-keys.ts'
import { type ChannelTable, createMessenger, type Side } from '../messenger.ts'
import { recordMessages } from '../test-support.ts'

export type MethodSchemas = Record<string, { params: z.ZodMiniType; result?: z.ZodMiniType }>

/** A channel as the fuzzer sees it: its table, its shapes, and each side's production validator. */
export interface ChannelUnderTest {
  name: string
  table: ChannelTable
  schemas: MethodSchemas
  validator(side: Side): WireValidator
}

export interface Outcome {
  /** What the messenger posted back because of the message (the probe's answer excluded). */
  replies: Record<string, unknown>[]
  /** Handler and listener calls the message caused, by method. */
  calls: string[]
  /** The message as the messenger received it (a structured clone of what was sent). */
  received: unknown
  /** Uncaught exceptions and unhandled rejections meanwhile. */
  errors: unknown[]
}

const PROBE_METHOD = 'fuzz.probe'

/** Starts `side` of `channel`; `deliver` sends one message and waits until it has been handled. */
export async function openFuzzedSide(channel: ChannelUnderTest, side: Side) {
  const { port1, port2 } = new MessageChannel()
  const messenger = createMessenger<Side, never>({
    port: port1,
    side,
    table: channel.table,
    validator: channel.validator(side),
  })
  const incoming = side === 'parent' ? 'toParent' : 'toChild'
  let calls: string[] = []
  for (const [method, meta] of Object.entries(channel.table)) {
    if (meta.direction !== incoming) continue
    const record = () => {
      calls.push(method)
      return null
    }
    if (meta.kind === 'request') messenger.handle(method as never, record as never)
    else messenger.on(method as never, record as never)
  }
  let received: unknown
  let seen = 0
  port1.addEventListener('message', (event) => {
    if (seen++ === 0) received = event.data
  })
  const errors: unknown[] = []
  const onError = (error: unknown) => errors.push(error)
  process.on('uncaughtException', onError).on('unhandledRejection', onError)
  onTestFinished(() => {
    process.off('uncaughtException', onError).off('unhandledRejection', onError)
    messenger.destroy()
    port2.close()
  })
  const peer = recordMessages(port2)

  // Outgoing requests to forge answers for: one answered already (a late id), one still pending.
  const outgoing = Object.entries(channel.table).find(
    ([, meta]) => meta.direction !== incoming && meta.kind === 'request',
  )
  let pendingSettled = false
  const ids = { late: 'late-none', pending: 'pending-none' }
  if (outgoing) {
    const request = (timeoutMs: number) => messenger.request(outgoing[0] as never, {} as never, { timeoutMs })
    void request(60_000).catch(() => {})
    ids.late = ((await peer.take()) as { id: string }).id
    port2.postMessage({ v: 1, id: ids.late, kind: 'response', method: outgoing[0], ok: true, result: null })
    request(3_600_000).then(
      () => (pendingSettled = true),
      () => (pendingSettled = true),
    )
    ids.pending = ((await peer.take()) as { id: string }).id
  }

  let probes = 0
  const deliver = async (message: unknown): Promise<Outcome | undefined> => {
    calls = []
    seen = 0
    try {
      port2.postMessage(message)
    } catch {
      return undefined // not cloneable (too deep for the serializer): a browser would not send it either
    }
    const probeId = `probe-${++probes}`
    port2.postMessage({ v: 1, id: probeId, kind: 'request', method: PROBE_METHOD, params: {} })
    const replies: Record<string, unknown>[] = []
    for (;;) {
      const reply = (await peer.take()) as Record<string, unknown>
      if (reply.id === probeId) return { replies, calls, received, errors: errors.splice(0) }
      replies.push(reply)
    }
  }
  // The late answer above must be handled before the first generated message is.
  await deliver(null)
  return { messenger, deliver, ids, pendingSettled: () => pendingSettled }
}

/** What the protocol says the messenger must do with `data`: call a handler, answer an error, or ignore. */
export function expectedOutcome(
  channel: ChannelUnderTest,
  side: Side,
  data: unknown,
): { call?: string; reply?: { method: string | undefined; answer: 'result' | WireError } } {
  const message = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>
  const replyable =
    message.kind === 'request' &&
    typeof message.id === 'string' &&
    message.id.length > 0 &&
    message.id.length <= 64
  // Before the envelope is known valid, the answer names the method as best it can.
  const orError = (error: WireError, method?: string) =>
    replyable ? { reply: { method, answer: error } } : {}
  if (hasForbiddenKeys(data)) return orError(CHANNEL_ERRORS.forbiddenKey)
  if (!EnvelopeSchema.safeParse(data).success) return orError(CHANNEL_ERRORS.invalidEnvelope)
  const method = message.method as string
  const meta = Object.hasOwn(channel.table, method) ? channel.table[method] : undefined
  const incoming = side === 'parent' ? 'toParent' : 'toChild'
  if (message.kind !== 'request' && message.kind !== 'event') return {}
  if (meta?.direction !== incoming || meta.kind !== message.kind)
    return orError(CHANNEL_ERRORS.unknownMethod, method)
  const schema = channel.schemas[method]?.params
  if (!schema?.safeParse(message.params).success) return orError(CHANNEL_ERRORS.invalidParams, method)
  return replyable ? { call: method, reply: { method, answer: 'result' } } : { call: method }
}

/** The answer a request gets: exactly the envelope fields, and an error as exactly the catalogue's. */
export function expectedReply(
  id: string,
  reply: { method: string | undefined; answer: 'result' | WireError },
) {
  const base = { v: 1, id, kind: 'response', method: reply.method ?? expect.any(String) }
  const { answer } = reply
  if (answer === 'result') return { ...base, ok: true, result: null }
  return { ...base, ok: false, error: { code: answer.code, message: answer.message, reason: answer.reason } }
}
