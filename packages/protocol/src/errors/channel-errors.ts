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
/** `appendTo: false` and no `mount(element)` yet: the modal has no place in the page (spec §2). */
export const CHANNEL_NOT_MOUNTED = {
  reason: 'NotMounted',
  code: 4900,
  message: 'The WalletFrame modal has no place in the page: call mount(element) first (appendTo: false).',
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
    'The WalletFrame modal did not answer: check modalUrl, that the modal is up and allows this origin.',
} as const satisfies CatalogueEntry
/** The modal refused the host: its origin is not one of the project's allowed origins. */
export const CHANNEL_ORIGIN_NOT_ALLOWED = {
  reason: 'OriginNotAllowed',
  code: 4100,
  message:
    "Invalid App Configuration: this page's origin is not allowed to use this WalletFrame project. Add it to the project's allowed origins.",
} as const satisfies CatalogueEntry
/** The modal refused the host: the project of the frame URL is missing or unknown to the modal server. */
export const CHANNEL_UNKNOWN_PROJECT = {
  reason: 'UnknownProject',
  code: 4100,
  message: 'Invalid Project ID: the project ID is not known to this WalletFrame host.',
} as const satisfies CatalogueEntry
/** The init names another project than the frame URL, which the origin was checked against. */
export const CHANNEL_PROJECT_MISMATCH = {
  reason: 'ProjectMismatch',
  code: 4100,
  message: 'The projectId sent to the modal is not the project of its frame URL.',
} as const satisfies CatalogueEntry
/** The init does not match the modal's schema (an SDK and a modal of different builds). */
export const CHANNEL_INVALID_INIT = {
  reason: 'InvalidModalInit',
  code: -32602,
  message: 'Invalid App Configuration: the SDK sent options this modal cannot use.',
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
  notMounted: CHANNEL_NOT_MOUNTED,
  versionMismatch: CHANNEL_VERSION_MISMATCH,
  handshakeTimeout: CHANNEL_HANDSHAKE_TIMEOUT,
  originNotAllowed: CHANNEL_ORIGIN_NOT_ALLOWED,
  unknownProject: CHANNEL_UNKNOWN_PROJECT,
  projectMismatch: CHANNEL_PROJECT_MISMATCH,
  invalidInit: CHANNEL_INVALID_INIT,
  invalidEnvelope: CHANNEL_INVALID_ENVELOPE,
  forbiddenKey: CHANNEL_FORBIDDEN_KEY,
  unknownMethod: CHANNEL_UNKNOWN_METHOD,
  invalidParams: CHANNEL_INVALID_PARAMS,
  invalidResult: CHANNEL_INVALID_RESULT,
}
