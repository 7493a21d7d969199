/**
 * How a channel endpoint checks what it receives. Each side validates with shapes from this
 * package: the modal with the zod schemas themselves, the host SDK with JSON Schemas generated
 * from them (the zod runtime alone would exceed the SDK's size budget).
 */
import type { MethodName } from '../methods-meta.ts'

/** `envelope`, `hello`, `handshakeReply`, `params:<method>` or `result:<method>`. */
export type ShapeName =
  | 'envelope'
  | 'hello'
  | 'handshakeReply'
  | `params:${MethodName}`
  | `result:${MethodName}`
  /** Another table's methods (the key frame's), checked by that table's validator. */
  | `params:${string}`
  | `result:${string}`

export interface WireValidator {
  /** True when `value` has the shape; a shape this validator does not know is never valid. */
  check(shape: ShapeName, value: unknown): boolean
}
