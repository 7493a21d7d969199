import type * as z from 'zod/mini'
import { EnvelopeSchema, HandshakeReplySchema, HelloSchema } from '../envelope.ts'
import { METHOD_SCHEMAS } from '../methods.ts'
import type { ShapeName, WireValidator } from './validator.ts'

/** A channel's zod shapes by method: params of every method, the result of each request. */
type MethodSchemas = Record<string, { params: z.ZodMiniType; result?: z.ZodMiniType }>

/** Every shape of a channel by name: the envelope and handshake, then each method's. */
export function wireShapesOf(schemas: MethodSchemas): Map<ShapeName, z.ZodMiniType> {
  const shapes = new Map<ShapeName, z.ZodMiniType>([
    ['envelope', EnvelopeSchema],
    ['hello', HelloSchema],
    ['handshakeReply', HandshakeReplySchema],
  ])
  for (const [method, entry] of Object.entries(schemas)) {
    shapes.set(`params:${method}`, entry.params)
    if (entry.result) shapes.set(`result:${method}`, entry.result)
  }
  return shapes
}

/** SDK ↔ modal's shapes: the source the host's compiled checks are made from. */
export const allWireShapes = (): Map<ShapeName, z.ZodMiniType> => wireShapesOf(METHOD_SCHEMAS)

/** Validates with the zod schemas themselves; SDK ↔ modal's table when none is given. */
export function createZodValidator(schemas: MethodSchemas = METHOD_SCHEMAS): WireValidator {
  const shapes = wireShapesOf(schemas)
  return { check: (shape, value) => shapes.get(shape)?.safeParse(value).success === true }
}
