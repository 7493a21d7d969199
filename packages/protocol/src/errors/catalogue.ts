/**
 * The error catalogue of spec §8 as data. Every entry has a unique `reason` (what went wrong, for
 * programs to branch on) and the `code` of the standard it belongs to: EIP-1193 (4xxx), JSON-RPC /
 * EIP-1474 (-32xxx) or HTTP (the data API). A code names a family; several causes may share one
 * (a removed frame and a disconnected wallet are both EIP-1193 "disconnected"), the reason never.
 * Only `{ code, message, reason }` ever crosses a frame boundary.
 */

export interface CatalogueEntry {
  readonly reason: string
  readonly code: number
  readonly message: string
}

/** EIP-1193 provider errors, as the dapp's provider sees them. */
export const PROVIDER_ERRORS = {
  userRejected: { reason: 'UserRejectedRequest', code: 4001, message: 'User rejected the request.' },
  unauthorized: {
    reason: 'AccountOrMethodUnauthorized',
    code: 4100,
    message: 'The requested account and/or method has not been authorized by the user.',
  },
  unsupportedMethod: {
    reason: 'UnsupportedMethod',
    code: 4200,
    message: 'The provider does not support the requested method.',
  },
  disconnected: {
    reason: 'ProviderDisconnected',
    code: 4900,
    message: 'The provider is disconnected from all chains.',
  },
  chainDisconnected: {
    reason: 'ChainDisconnected',
    code: 4901,
    message: 'The provider is not connected to the requested chain.',
  },
  unrecognizedChain: { reason: 'UnrecognizedChain', code: 4902, message: 'Unrecognized chain ID.' },
  /** Spec §8: the default provider error, treated as a user rejection. */
  default: { reason: 'UnknownProviderError', code: 5000, message: 'Unknown error' },
} as const satisfies Record<string, CatalogueEntry>

/** JSON-RPC 2.0 and EIP-1474 errors. */
export const RPC_ERRORS = {
  parse: { reason: 'ParseError', code: -32700, message: 'Parse error' },
  invalidRequest: { reason: 'InvalidRequest', code: -32600, message: 'Invalid request' },
  methodNotFound: { reason: 'MethodNotFound', code: -32601, message: 'Method not found' },
  invalidParams: { reason: 'InvalidParams', code: -32602, message: 'Invalid params' },
  internal: { reason: 'InternalError', code: -32603, message: 'Internal error' },
  invalidInput: { reason: 'InvalidInput', code: -32000, message: 'Invalid input' },
  resourceNotFound: { reason: 'ResourceNotFound', code: -32001, message: 'Resource not found' },
  resourceUnavailable: { reason: 'ResourceUnavailable', code: -32002, message: 'Resource unavailable' },
  limitExceeded: { reason: 'LimitExceeded', code: -32005, message: 'Limit exceeded' },
} as const satisfies Record<string, CatalogueEntry>

/**
 * Errors of the frame channel itself. To the dapp a frame that is gone, not ready or destroyed is a
 * disconnected provider (4900); a refused message is a JSON-RPC request error.
 */
export const CHANNEL_ERRORS = {
  timeout: { reason: 'RequestTimeout', code: -32603, message: 'The request took too long to respond.' },
  cancelled: { reason: 'RequestCancelled', code: 4900, message: 'Request was aborted' },
  frameGone: {
    reason: 'FrameGone',
    code: 4900,
    message: 'The modal frame is gone; the request was aborted.',
  },
  notReady: { reason: 'NotReady', code: 4900, message: 'WalletFrame is not ready' },
  destroyed: { reason: 'Destroyed', code: 4900, message: 'WalletFrame was destroyed.' },
  noBrowser: {
    reason: 'NoBrowserWindow',
    code: 4900,
    message: 'WalletFrame needs a browser window (created during server-side rendering).',
  },
  versionMismatch: {
    reason: 'ProtocolVersionMismatch',
    code: -32006,
    message: 'WalletFrame protocol version mismatch: update the SDK or the modal.',
  },
  handshakeTimeout: {
    reason: 'HandshakeTimeout',
    code: -32603,
    message:
      'The WalletFrame modal did not answer: check modalUrl and that this origin is allowed for the project.',
  },
  invalidEnvelope: { reason: 'InvalidEnvelope', code: -32600, message: 'Invalid message envelope' },
  forbiddenKey: { reason: 'ForbiddenKey', code: -32600, message: 'Message contains a forbidden key' },
  unknownMethod: { reason: 'UnknownChannelMethod', code: -32601, message: 'Method not found' },
  invalidParams: { reason: 'InvalidChannelParams', code: -32602, message: 'Invalid params' },
  invalidResult: {
    reason: 'InvalidResult',
    code: -32603,
    message: 'Invalid result from the other frame',
  },
} as const satisfies Record<string, CatalogueEntry>

/** Errors the modal raises about the dapp's requests and the wallet's answers (spec §5, §8). */
export const MODAL_ERRORS = {
  rpcNotAllowed: {
    reason: 'RpcMethodNotAllowed',
    code: 4200,
    message: 'Requested RPC call is not allowed',
  },
  chainNotSupported: { reason: 'ChainNotSupported', code: 4902, message: 'Chain is not supported' },
  switchNetworkNotFound: {
    reason: 'SwitchNetworkNotFound',
    code: 4902,
    message: 'Network Not Found',
  },
  viewNotOpenable: {
    reason: 'ViewNotOpenable',
    code: -32602,
    message: 'This view cannot be opened directly',
  },
  unsupportedNamespace: { reason: 'UnsupportedNamespace', code: -32602, message: 'Unsupported namespace' },
  walletNotInPage: { reason: 'WalletNotInPage', code: -32001, message: 'No such wallet in the page' },
  walletBadChainId: { reason: 'WalletBadChainId', code: -32000, message: 'The wallet sent a bad chain id' },
  walletNoAccount: {
    reason: 'WalletNoAccount',
    code: -32002,
    message: 'The wallet returned no account',
  },
  /** An HTTP service (a chain's RPC, the data API) did not answer in time, or failed. */
  httpTimeout: { reason: 'HttpTimeout', code: -32002, message: 'The request took too long to respond.' },
  httpFailed: { reason: 'HttpRequestFailed', code: -32002, message: 'HTTP request failed.' },
} as const satisfies Record<string, CatalogueEntry>

export type ErrorReason =
  | (typeof PROVIDER_ERRORS)[keyof typeof PROVIDER_ERRORS]['reason']
  | (typeof RPC_ERRORS)[keyof typeof RPC_ERRORS]['reason']
  | (typeof CHANNEL_ERRORS)[keyof typeof CHANNEL_ERRORS]['reason']
  | (typeof MODAL_ERRORS)[keyof typeof MODAL_ERRORS]['reason']
