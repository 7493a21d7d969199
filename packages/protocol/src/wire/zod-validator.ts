import type * as z from 'zod/mini'
import { EnvelopeSchema, HandshakeReplySchema, HelloSchema } from '../envelope.ts'
import { METHOD_SCHEMAS } from '../methods.ts'
import { METHOD_NAMES } from '../methods-meta.ts'
import type { ShapeName, WireValidator } from './validator.ts'

/** Every shape of the channel by name, as zod schemas: the source the JSON Schemas are made from. */
export function allWireShapes(): Map<ShapeName, z.ZodMiniType> {
  const shapes = new Map<ShapeName, z.ZodMiniType>([
    ['envelope', EnvelopeSchema],
    ['hello', HelloSchema],
    ['handshakeReply', HandshakeReplySchema],
  ])
  for (const method of METHOD_NAMES) {
    const entry: { params: z.ZodMiniType; result?: z.ZodMiniType } = METHOD_SCHEMAS[method]
    shapes.set(`params:${method}`, entry.params)
    if (entry.result) shapes.set(`result:${method}`, entry.result)
  }
  return shapes
}

export function createZodValidator(): WireValidator {
  const shapes = allWireShapes()
  return {
    check(shape, value) {
      const schema = shapes.get(shape)
      return schema?.safeParse(value).success === true
    },
  }
}
