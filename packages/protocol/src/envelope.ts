/** The one message envelope that crosses a frame boundary after the handshake. */
import * as z from 'zod/mini'
import { LIMITS, PROTOCOL_VERSION } from './constants.ts'
import { REASON_PATTERN } from './errors/walletframe-error.ts'

const Id = z.string().check(z.minLength(1), z.maxLength(LIMITS.maxIdLength))
const Method = z.string().check(z.minLength(1), z.maxLength(LIMITS.maxMethodLength))
const Version = z.literal(PROTOCOL_VERSION)

export const WireErrorSchema = z.object({
  code: z.number().check(z.int()),
  message: z.string().check(z.maxLength(1000)),
  reason: z.optional(z.string().check(z.regex(REASON_PATTERN))),
})

export const RequestEnvelopeSchema = z.object({
  v: Version,
  id: Id,
  kind: z.literal('request'),
  method: Method,
  params: z.unknown(),
})
export const SuccessEnvelopeSchema = z.object({
  v: Version,
  id: Id,
  kind: z.literal('response'),
  method: Method,
  ok: z.literal(true),
  result: z.unknown(),
})
export const FailureEnvelopeSchema = z.object({
  v: Version,
  id: Id,
  kind: z.literal('response'),
  method: Method,
  ok: z.literal(false),
  error: WireErrorSchema,
})
export const EventEnvelopeSchema = z.object({
  v: Version,
  id: Id,
  kind: z.literal('event'),
  method: Method,
  params: z.unknown(),
})
/** The requester gave up on request `id` (aborted or past its deadline): its handler should stop. */
export const CancelEnvelopeSchema = z.object({
  v: Version,
  id: Id,
  kind: z.literal('cancel'),
  method: Method,
})
export const EnvelopeSchema = z.union([
  RequestEnvelopeSchema,
  SuccessEnvelopeSchema,
  FailureEnvelopeSchema,
  EventEnvelopeSchema,
  CancelEnvelopeSchema,
])
export type Envelope = z.infer<typeof EnvelopeSchema>
export type RequestEnvelope = z.infer<typeof RequestEnvelopeSchema>
export type EventEnvelope = z.infer<typeof EventEnvelopeSchema>

/** Handshake messages: the hello goes to the child window with a port; the answer comes on that port. */
export const HelloSchema = z.object({
  type: z.literal('walletframe:hello'),
  versions: z.array(z.number().check(z.int(), z.minimum(1))).check(z.minLength(1), z.maxLength(16)),
  init: z.unknown(),
})
export const ReadySchema = z.object({
  type: z.literal('walletframe:ready'),
  version: z.number().check(z.int()),
})
export const RefusedSchema = z.object({ type: z.literal('walletframe:refused'), error: WireErrorSchema })
export const HandshakeReplySchema = z.union([ReadySchema, RefusedSchema])
export type Hello = z.infer<typeof HelloSchema>
export type HandshakeReply = z.infer<typeof HandshakeReplySchema>
