/**
 * What the host SDK imports: the channel, constants, errors and the generated host checks.
 * Nothing here pulls in the zod runtime (see wire/validator.ts for why).
 */
export * from './caip.ts'
export { connectToChild } from './channel/handshake.ts'
export type { Messenger } from './channel/messenger.ts'
export type { PortLike } from './channel/ports.ts'
export * from './constants.ts'
export * from './entities/defined-networks.ts'
export * from './errors/catalogue.ts'
export * from './errors/walletframe-error.ts'
export * from './methods-meta.ts'
export * from './namespaces/solana-send-options.ts'
export * from './namespaces/wallet-standard.ts'
export type * from './types.ts'
export { type Check, createCheckValidator } from './wire/check-runtime.ts'
export { HOST_CHECKS } from './wire/host-checks.generated.ts'
/** Only the SDK's adapters import it (ADAPTER_METHODS): the core bundle leaves it out. */
export { NAMESPACE_CHECKS } from './wire/namespace-checks.generated.ts'
export { optionProblem } from './wire/option-check.ts'
