/**
 * What the host SDK imports: the channel, constants, errors and JSON-Schema validation.
 * Nothing here pulls in the zod runtime (see wire/validator.ts for why).
 */
export * from './caip.ts'
export { connectToChild } from './channel/handshake.ts'
export type { Messenger } from './channel/messenger.ts'
export type { PortLike } from './channel/ports.ts'
export * from './constants.ts'
export * from './errors/catalogue.ts'
export * from './errors/walletframe-error.ts'
export * from './methods-meta.ts'
export type * from './types.ts'
export { HOST_SHAPES } from './wire/host-shapes.generated.ts'
export { createJsonSchemaValidator } from './wire/json-schema.ts'
