import type { CatalogueEntry } from './catalogue.ts'

/**
 * Errors of the frame channel itself. To the dapp a frame that is gone, not ready or destroyed is a
 * disconnected provider (4900); a refused message is a JSON-RPC request error.
 */
export const CHANNEL_TIMEOUT = {
  reason: 'RequestTimeout',
  code: -32603,
  message: 'The request took too long to respond.',
} as const satisfies CatalogueEntry
export const CHANNEL_CANCELLED = {
  reason: 'RequestCancelled',
  code: 4900,
  message: 'Request was aborted',
} as const satisfies CatalogueEntry
export const CHANNEL_FRAME_GONE = {
  reason: 'FrameGone',
  code: 4900,
  message: 'The modal frame is gone; the request was aborted.',
} as const satisfies CatalogueEntry
export const CHANNEL_DESTROYED = {
  reason: 'Destroyed',
  code: 4900,
  message: 'WalletFrame was destroyed.',
} as const satisfies CatalogueEntry
export const CHANNEL_NO_BROWSER = {
  reason: 'NoBrowserWindow',
  code: 4900,
  message: 'WalletFrame needs a browser window (created during server-side rendering).',
} as const satisfies CatalogueEntry
export const CHANNEL_VERSION_MISMATCH = {
  reason: 'ProtocolVersionMismatch',
  code: -32006,
  message: 'WalletFrame protocol version mismatch: update the SDK or the modal.',
} as const satisfies CatalogueEntry
export const CHANNEL_HANDSHAKE_TIMEOUT = {
  reason: 'HandshakeTimeout',
  code: -32603,
  message:
    'The WalletFrame modal did not answer: check modalUrl and that this origin is allowed for the project.',
} as const satisfies CatalogueEntry
export const CHANNEL_INVALID_ENVELOPE = {
  reason: 'InvalidEnvelope',
  code: -32600,
  message: 'Invalid message envelope',
} as const satisfies CatalogueEntry
export const CHANNEL_FORBIDDEN_KEY = {
  reason: 'ForbiddenKey',
  code: -32600,
  message: 'Message contains a forbidden key',
} as const satisfies CatalogueEntry
export const CHANNEL_UNKNOWN_METHOD = {
  reason: 'UnknownChannelMethod',
  code: -32601,
  message: 'Method not found',
} as const satisfies CatalogueEntry
export const CHANNEL_INVALID_PARAMS = {
  reason: 'InvalidChannelParams',
  code: -32602,
  message: 'Invalid params',
} as const satisfies CatalogueEntry
export const CHANNEL_INVALID_RESULT = {
  reason: 'InvalidResult',
  code: -32603,
  message: 'Invalid result from the other frame',
} as const satisfies CatalogueEntry
export const CHANNEL_ERRORS = {
  timeout: CHANNEL_TIMEOUT,
  cancelled: CHANNEL_CANCELLED,
  frameGone: CHANNEL_FRAME_GONE,
  destroyed: CHANNEL_DESTROYED,
  noBrowser: CHANNEL_NO_BROWSER,
  versionMismatch: CHANNEL_VERSION_MISMATCH,
  handshakeTimeout: CHANNEL_HANDSHAKE_TIMEOUT,
  invalidEnvelope: CHANNEL_INVALID_ENVELOPE,
  forbiddenKey: CHANNEL_FORBIDDEN_KEY,
  unknownMethod: CHANNEL_UNKNOWN_METHOD,
  invalidParams: CHANNEL_INVALID_PARAMS,
  invalidResult: CHANNEL_INVALID_RESULT,
}
