/**
 * The error catalogue of spec §8 as data. Every entry has a unique `reason` (what went wrong, for
 * programs to branch on) and the `code` of the standard it belongs to: EIP-1193 (4xxx), JSON-RPC /
 * EIP-1474 (-32xxx) or HTTP (the data API). A code names a family; several causes may share one
 * (a removed frame and a disconnected wallet are both EIP-1193 "disconnected"), the reason never.
 * Only `{ code, message, reason }` ever crosses a frame boundary.
 *
 * Each entry is its own const, and the tables are built from them, so that a bundler keeps only
 * the entries a bundle uses (the host SDK's size budget).
 */

import type { CHANNEL_ERRORS } from './channel-errors.ts'
import type { MODAL_ERRORS } from './modal-errors.ts'

export interface CatalogueEntry {
  readonly reason: string
  readonly code: number
  readonly message: string
}

/** EIP-1193 provider errors, as the dapp's provider sees them. */
export const PROVIDER_USER_REJECTED = {
  reason: 'UserRejectedRequest',
  code: 4001,
  message: 'User rejected the request.',
} as const satisfies CatalogueEntry
export const PROVIDER_UNAUTHORIZED = {
  reason: 'AccountOrMethodUnauthorized',
  code: 4100,
  message: 'The requested account and/or method has not been authorized by the user.',
} as const satisfies CatalogueEntry
export const PROVIDER_UNSUPPORTED_METHOD = {
  reason: 'UnsupportedMethod',
  code: 4200,
  message: 'The provider does not support the requested method.',
} as const satisfies CatalogueEntry
export const PROVIDER_DISCONNECTED = {
  reason: 'ProviderDisconnected',
  code: 4900,
  message: 'The provider is disconnected from all chains.',
} as const satisfies CatalogueEntry
export const PROVIDER_CHAIN_DISCONNECTED = {
  reason: 'ChainDisconnected',
  code: 4901,
  message: 'The provider is not connected to the requested chain.',
} as const satisfies CatalogueEntry
export const PROVIDER_UNRECOGNIZED_CHAIN = {
  reason: 'UnrecognizedChain',
  code: 4902,
  message: 'Unrecognized chain ID.',
} as const satisfies CatalogueEntry
/** Spec §8: the default provider error, treated as a user rejection. */
export const PROVIDER_DEFAULT = {
  reason: 'UnknownProviderError',
  code: 5000,
  message: 'Unknown error',
} as const satisfies CatalogueEntry
export const PROVIDER_ERRORS = {
  userRejected: PROVIDER_USER_REJECTED,
  unauthorized: PROVIDER_UNAUTHORIZED,
  unsupportedMethod: PROVIDER_UNSUPPORTED_METHOD,
  disconnected: PROVIDER_DISCONNECTED,
  chainDisconnected: PROVIDER_CHAIN_DISCONNECTED,
  unrecognizedChain: PROVIDER_UNRECOGNIZED_CHAIN,
  default: PROVIDER_DEFAULT,
}

/** JSON-RPC 2.0 and EIP-1474 errors. */
export const RPC_PARSE = {
  reason: 'ParseError',
  code: -32700,
  message: 'Parse error',
} as const satisfies CatalogueEntry
export const RPC_INVALID_REQUEST = {
  reason: 'InvalidRequest',
  code: -32600,
  message: 'Invalid request',
} as const satisfies CatalogueEntry
export const RPC_METHOD_NOT_FOUND = {
  reason: 'MethodNotFound',
  code: -32601,
  message: 'Method not found',
} as const satisfies CatalogueEntry
export const RPC_INVALID_PARAMS = {
  reason: 'InvalidParams',
  code: -32602,
  message: 'Invalid params',
} as const satisfies CatalogueEntry
export const RPC_INTERNAL = {
  reason: 'InternalError',
  code: -32603,
  message: 'Internal error',
} as const satisfies CatalogueEntry
export const RPC_LIMIT_EXCEEDED = {
  reason: 'LimitExceeded',
  code: -32005,
  message: 'Limit exceeded',
} as const satisfies CatalogueEntry
export const RPC_ERRORS = {
  parse: RPC_PARSE,
  invalidRequest: RPC_INVALID_REQUEST,
  methodNotFound: RPC_METHOD_NOT_FOUND,
  invalidParams: RPC_INVALID_PARAMS,
  internal: RPC_INTERNAL,
  limitExceeded: RPC_LIMIT_EXCEEDED,
}

export * from './channel-errors.ts'
export * from './modal-errors.ts'

export type ErrorReason =
  | (typeof PROVIDER_ERRORS)[keyof typeof PROVIDER_ERRORS]['reason']
  | (typeof RPC_ERRORS)[keyof typeof RPC_ERRORS]['reason']
  | (typeof CHANNEL_ERRORS)[keyof typeof CHANNEL_ERRORS]['reason']
  | (typeof MODAL_ERRORS)[keyof typeof MODAL_ERRORS]['reason']
