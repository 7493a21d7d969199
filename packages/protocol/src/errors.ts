/**
 * The error catalogue of spec §8 as data, and the one error type that crosses frames.
 * Only `{ code, message }` ever crosses a frame boundary.
 */

export const PROVIDER_ERRORS = {
  userRejected: { code: 4001, message: 'User rejected the request.' },
  unauthorized: {
    code: 4100,
    message: 'The requested account and/or method has not been authorized by the user.',
  },
  unsupportedMethod: { code: 4200, message: 'The provider does not support the requested method.' },
  disconnected: { code: 4900, message: 'The provider is disconnected from all chains.' },
  chainDisconnected: { code: 4901, message: 'The provider is not connected to the requested chain.' },
  unrecognizedChain: { code: 4902, message: 'Unrecognized chain ID.' },
  /** Spec §8: the default provider error, treated as a user rejection. */
  default: { code: 5000, message: 'Unknown error' },
  invalidChainId: { code: 32603, message: 'Invalid chainId' },
} as const

export const RPC_ERRORS = {
  parse: { code: -32700, message: 'Parse error' },
  invalidRequest: { code: -32600, message: 'Invalid request' },
  methodNotFound: { code: -32601, message: 'Method not found' },
  invalidParams: { code: -32602, message: 'Invalid params' },
  internal: { code: -32603, message: 'Internal error' },
  invalidInput: { code: -32000, message: 'Invalid input' },
  resourceNotFound: { code: -32001, message: 'Resource not found' },
  resourceUnavailable: { code: -32002, message: 'Resource unavailable' },
  transactionRejected: { code: -32003, message: 'Transaction rejected' },
  methodNotSupported: { code: -32004, message: 'Method not supported' },
  limitExceeded: { code: -32005, message: 'Limit exceeded' },
  versionUnsupported: { code: -32006, message: 'Version of JSON-RPC protocol is not supported' },
} as const

export const WALLET_CALL_ERRORS = {
  capabilityUnsupported: { code: 5700, message: 'Non-optional capability unsupported' },
  unsupportedChain: { code: 5710, message: 'Unsupported chain' },
  duplicateBundleId: { code: 5720, message: 'Duplicate bundle id' },
  unknownBundleId: { code: 5730, message: 'Unknown bundle id' },
  bundleTooLarge: { code: 5740, message: 'Bundle too large' },
  upgradeRejected: { code: 5750, message: 'Upgrade rejected' },
  atomicityUnsupported: { code: 5760, message: 'Atomicity unsupported' },
} as const

/** Errors of the frame channel itself; codes reuse the JSON-RPC and provider ranges. */
export const CHANNEL_ERRORS = {
  timeout: { code: -32603, message: 'The request took too long to respond.' },
  frameGone: { code: 4900, message: 'The modal frame is gone; the request was aborted.' },
  versionMismatch: {
    code: -32006,
    message: 'WalletFrame protocol version mismatch: update the SDK or the modal.',
  },
  originNotAllowed: {
    code: 4100,
    message: 'Invalid App Configuration: this origin is not allowed for the project.',
  },
  invalidEnvelope: { code: -32600, message: 'Invalid message envelope' },
  forbiddenKey: { code: -32600, message: 'Message contains a forbidden key' },
  unknownMethod: { code: -32601, message: 'Method not found' },
  invalidParams: { code: -32602, message: 'Invalid params' },
  invalidResult: { code: -32603, message: 'Invalid result from the other frame' },
  notReady: { code: 4900, message: 'WalletFrame is not ready' },
  requestAborted: { code: 4900, message: 'Request was aborted' },
} as const

/** User-visible messages (spec §8). */
export const UI_MESSAGES = {
  tokenBalanceUnavailable: 'Token Balance Unavailable',
  failedToDisconnect: 'Failed to disconnect',
  signatureDeclined: 'Signature declined',
  authInitFailed: 'A problem occurred while trying initialize authentication',
  smartAccountUnsupported: 'This application might not support Smart Accounts',
  failedToFetchTransactions: 'Failed to fetch transactions',
  somethingWentWrong: 'Something went wrong',
  solanaSendFailed: 'Failed to send transaction. Please try again.',
  transactionStarted: 'Transaction started',
  authenticating: 'Authenticating...',
  tryAgainAfter: 'Please try again after {n} seconds',
  invalidAmountAndReceiver: 'Please enter a valid amount and receiver address',
  rpcNotAllowed: 'Requested RPC call is not allowed',
  actionNotAllowed: 'Action not allowed',
  requestAborted: 'Request was aborted',
  anErrorOccurred: 'An error occurred',
  emailDependencyFailed: 'Unable to load email login dependency',
  errorResolvingName: 'Error resolving name',
  errorFetchingNameSuggestions: 'Error fetching name suggestions',
  errorFetchingNames: 'Error fetching names for address',
  errorRegisteringName: 'Error registering name {name}',
  addressCopied: 'Address copied',
  networkSwitched: 'Network switched',
  connectionDeclined: 'Connection declined',
} as const

/** Alerts (spec §8): a short title and a longer description. */
export const ALERTS = {
  networkNotFound: {
    title: 'Network Not Found',
    description: 'The network is missing from the configured list.',
  },
  invalidAppConfiguration: {
    title: 'Invalid App Configuration',
    description:
      'This page is not allowed to use this WalletFrame project. Add its origin to the allowed origins.',
  },
  sessionExpired: {
    title: 'Session Expired',
    description: 'Invalid session. Check your device time settings.',
  },
  invalidProjectId: {
    title: 'Invalid Project ID',
    description: 'The project ID is not known to this WalletFrame host.',
  },
  projectIdNotConfigured: {
    title: 'Project ID Not Configured',
    description: 'Pass a projectId to createWalletFrame().',
  },
  socialsTimeout: { title: 'Request Timed Out', description: 'The login did not answer in time. Try again.' },
  switchNetworkNotFound: {
    title: 'Network Not Found',
    description: 'The wallet asked for a network that is not configured.',
  },
} as const

/** Internal or thrown errors (spec §8). */
export const INTERNAL_ERRORS = {
  chainNotSupported: 'Chain is not supported',
  unsupportedChain: 'Unsupported chain',
  networkNotFound: 'Network not found',
  noActiveCaipAddress: 'No ActiveCaipAddress found',
  caipNetworkUndefined: 'CaipNetwork is undefined',
  httpRequestFailed: 'HTTP request failed.',
  requestTooLong: 'The request took too long to respond.',
  invalidChainId: 'Invalid chainId',
} as const

export const HTTP_STATUS = { forbidden: 403, serviceUnavailable: 503 } as const

export interface WireError {
  code: number
  message: string
}

/** The single error type of WalletFrame: a code, a short message, optional details and cause. */
export class WalletFrameError extends Error {
  override readonly name = 'WalletFrameError'
  readonly code: number
  readonly details: string | undefined

  constructor(error: WireError, options: { details?: string; cause?: unknown } = {}) {
    super(error.message, options.cause === undefined ? undefined : { cause: options.cause })
    this.code = error.code
    this.details = options.details
  }

  toWire(): WireError {
    return { code: this.code, message: this.message }
  }
}

const MAX_WIRE_MESSAGE = 500

/** Reduces anything thrown to `{ code, message }`; nothing else (stacks, data) crosses a frame. */
export function toWireError(error: unknown, fallback: WireError = RPC_ERRORS.internal): WireError {
  // Built field by field: a fallback that is itself an Error must not bring its other fields along.
  const otherwise = { code: fallback.code, message: fallback.message.slice(0, MAX_WIRE_MESSAGE) }
  if (typeof error !== 'object' || error === null) return otherwise
  let fields: { code?: unknown; message?: unknown }
  try {
    const { code, message } = error as { code?: unknown; message?: unknown }
    fields = { code, message }
  } catch {
    return otherwise // a getter that throws
  }
  const { code, message } = fields
  const text = typeof message === 'string' ? message.slice(0, MAX_WIRE_MESSAGE) : undefined
  // Safe integers only: the receiving envelope refuses any other code, and the reply would be lost.
  if (typeof code === 'number' && Number.isSafeInteger(code))
    return { code, message: text ?? otherwise.message }
  return text === undefined ? otherwise : { code: otherwise.code, message: text }
}

/** Spec §8: code 5000 is the default error and is treated as a user rejection. */
export function isUserRejection(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return code === PROVIDER_ERRORS.userRejected.code || code === PROVIDER_ERRORS.default.code
}
