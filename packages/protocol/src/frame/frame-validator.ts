/** Both ends of the key-frame channel validate with the zod shapes themselves (no size budget there). */
import type * as z from 'zod/mini'
import { EnvelopeSchema, HandshakeReplySchema, HelloSchema } from '../envelope.ts'
import type { WireValidator } from '../wire/validator.ts'
import { FRAME_METHOD_NAMES } from './frame-meta.ts'
import { FRAME_METHOD_SCHEMAS } from './frame-methods.ts'

export function createFrameValidator(): WireValidator {
  const shapes = new Map<string, z.ZodMiniType>([
    ['envelope', EnvelopeSchema],
    ['hello', HelloSchema],
    ['handshakeReply', HandshakeReplySchema],
  ])
  for (const method of FRAME_METHOD_NAMES) {
    const entry: { params: z.ZodMiniType; result?: z.ZodMiniType } = FRAME_METHOD_SCHEMAS[method]
    shapes.set(`params:${method}`, entry.params)
    if (entry.result) shapes.set(`result:${method}`, entry.result)
  }
  return { check: (shape, value) => shapes.get(shape)?.safeParse(value).success === true }
}
