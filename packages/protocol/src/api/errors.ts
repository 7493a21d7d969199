import * as z from 'zod/mini'

/**
 * The data API's errors (spec §7, §8), part of the one catalogue: each has a unique `reason`, its
 * HTTP `status`, and the string `code` of the JSON body `{ code, message }` that programs read.
 * String codes, not numbers: a number would collide with the provider and JSON-RPC codes that share
 * the `WireError` shape. `fromApiErrorBody` (errors/from-api.ts) turns a body into a modal error.
 */
export const API_ERRORS = {
  projectIdMissing: {
    reason: 'ProjectIdNotConfigured',
    status: 400,
    code: 'PROJECT_ID_NOT_CONFIGURED',
    message: 'Project ID Not Configured: pass projectId as a query parameter.',
  },
  projectIdInvalid: {
    reason: 'InvalidProjectId',
    status: 403,
    code: 'INVALID_PROJECT_ID',
    message: 'Invalid Project ID: the project ID is not known to this WalletFrame API.',
  },
  invalidInput: { reason: 'ApiInvalidInput', status: 400, code: 'INVALID_INPUT', message: 'Invalid input' },
  invalidCursor: { reason: 'InvalidCursor', status: 400, code: 'INVALID_CURSOR', message: 'Invalid cursor' },
  unsupportedChain: {
    reason: 'ApiUnsupportedChain',
    status: 400,
    code: 'UNSUPPORTED_CHAIN',
    message: 'Unsupported chain',
  },
  /** Spec §6: the feature is not served for this namespace (activity: eip155 only). */
  unsupportedNamespace: {
    reason: 'ApiUnsupportedNamespace',
    status: 400,
    code: 'UNSUPPORTED_NAMESPACE',
    message: 'Not supported for this namespace',
  },
  /** Spec §8: gas prices are served for the configured chains only. */
  gasPriceUnsupportedChain: {
    reason: 'GasPriceUnsupportedChain',
    status: 400,
    code: 'UNSUPPORTED_GAS_PRICE_CHAIN',
    message: 'Network not supported for Gas Price',
  },
  /** Spec §8: a swap route asked about a chain no swap provider serves. */
  swapsUnsupportedNetwork: {
    reason: 'SwapsUnsupportedNetwork',
    status: 400,
    code: 'SWAPS_UNSUPPORTED_NETWORK',
    message: 'Network not supported for Swaps',
  },
  /** The provider has no pool (or route) between the two tokens, or one too shallow for the amount. */
  swapNoRoute: {
    reason: 'SwapNoRoute',
    status: 400,
    code: 'SWAP_NO_ROUTE',
    message: 'No liquidity to swap these tokens',
  },
  /** The swap transaction's gas estimate reverted: sent as it is, it would fail. */
  swapWouldFail: {
    reason: 'SwapWouldFail',
    status: 400,
    code: 'SWAP_WOULD_FAIL',
    message: 'The swap would fail: check the balance and the approval',
  },
  unsupportedMediaType: {
    reason: 'UnsupportedMediaType',
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'The request body must be application/json',
  },
  payloadTooLarge: {
    reason: 'PayloadTooLarge',
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
    message: 'The request body is too large',
  },
  notFound: { reason: 'NotFound', status: 404, code: 'NOT_FOUND', message: 'Not found' },
  originNotAllowed: {
    reason: 'ApiOriginNotAllowed',
    status: 403,
    code: 'ORIGIN_NOT_ALLOWED',
    message: "The request's origin is not allowed for this project",
  },
  /** Answered with `Retry-After` (seconds); config/rate-limits.ts has the limits. */
  rateLimited: {
    reason: 'ApiRateLimited',
    status: 429,
    code: 'RATE_LIMITED',
    message: 'Too many requests; wait a moment and try again',
  },
  chainUnavailable: {
    reason: 'ChainUnavailable',
    status: 503,
    code: 'CHAIN_UNAVAILABLE',
    message: 'The chain did not answer; try again later.',
  },
  /**
   * Issue 15: Bitcoin balances come from an Esplora-compatible API configured per network
   * (WF_ESPLORA_URLS); a deployment without one for the network serves none, and the modal says so
   * rather than show 0. A 4xx like UNSUPPORTED_GAS_PRICE_CHAIN: what this deployment serves, not a
   * passing failure to retry or log.
   */
  bitcoinBalancesUnavailable: {
    reason: 'BitcoinBalancesUnavailable',
    status: 400,
    code: 'BITCOIN_BALANCES_UNAVAILABLE',
    message: 'Bitcoin balances are not available on this deployment',
  },
  databaseUnavailable: {
    reason: 'DatabaseUnavailable',
    status: 503,
    code: 'DATABASE_UNAVAILABLE',
    message: 'The service is briefly unavailable; try again later.',
  },
  /** The on-ramp provider failed and nothing can stand in for it (a widget URL, a quote without a price). */
  onRampUnavailable: {
    reason: 'OnRampUnavailable',
    status: 503,
    code: 'ONRAMP_UNAVAILABLE',
    message: 'Buying crypto is unavailable right now; try again later.',
  },
  /** Spec §5 "Names": one label of letters, digits and hyphens, at least 4 characters, in our zone. */
  nameInvalid: {
    reason: 'NameInvalid',
    status: 400,
    code: 'NAME_INVALID',
    message: 'Names are letters, digits and hyphens, at least 4 characters',
  },
  nameTaken: { reason: 'NameTaken', status: 409, code: 'NAME_TAKEN', message: 'This name is already taken' },
  /** Spec §5: a chain id at or above 2^31 has no ENSIP-11 coin type; names are eip155 only (spec §6). */
  invalidChainId: {
    reason: 'InvalidChainId',
    status: 400,
    code: 'INVALID_CHAIN_ID',
    message: 'Invalid chainId',
  },
  /** Spec §7: the signed registration message is more than 10 minutes old, or from the future. */
  nameMessageStale: {
    reason: 'NameMessageStale',
    status: 401,
    code: 'NAME_MESSAGE_STALE',
    message: 'The name registration message is too old; sign it again',
  },
  nameBadSignature: {
    reason: 'NameBadSignature',
    status: 401,
    code: 'NAME_BAD_SIGNATURE',
    message: 'The name registration was not signed by the address',
  },
  /** Spec §8 'SIWX is not enabled': the project lists no `signInOrigins` in the API's projects file. */
  siwxNotEnabled: {
    reason: 'SiwxNotEnabled',
    status: 403,
    code: 'SIWX_NOT_ENABLED',
    message: 'SIWX is not enabled',
  },
  /** Spec §4 wallet sign-in: the signed text is not an EIP-4361 message with the fields it needs. */
  siwxInvalidMessage: {
    reason: 'SiwxInvalidMessage',
    status: 400,
    code: 'SIWX_INVALID_MESSAGE',
    message: 'The sign-in message is not a valid EIP-4361 message',
  },
  /** The message's domain or uri is not an origin of the project (a phishing page asking to sign). */
  siwxWrongDomain: {
    reason: 'SiwxWrongDomain',
    status: 403,
    code: 'SIWX_WRONG_DOMAIN',
    message: "The sign-in message's domain is not allowed for this project",
  },
  siwxUnsupportedChain: {
    reason: 'SiwxUnsupportedChain',
    status: 400,
    code: 'SIWX_UNSUPPORTED_CHAIN',
    message: "The sign-in message's chain is not served by this API",
  },
  siwxExpired: {
    reason: 'SiwxExpired',
    status: 401,
    code: 'SIWX_EXPIRED',
    message: 'The sign-in message has expired',
  },
  siwxNotYetValid: {
    reason: 'SiwxNotYetValid',
    status: 401,
    code: 'SIWX_NOT_YET_VALID',
    message: 'The sign-in message is not valid yet',
  },
  /** Unknown, expired or already used: each nonce signs in once (replay protection). */
  siwxNonceInvalid: {
    reason: 'SiwxNonceInvalid',
    status: 401,
    code: 'SIWX_NONCE_INVALID',
    message: 'The sign-in nonce is unknown, expired or already used',
  },
  siwxBadSignature: {
    reason: 'SiwxBadSignature',
    status: 401,
    code: 'SIWX_BAD_SIGNATURE',
    message: "The signature is not the message's account's",
  },
  siwxRevokeRefused: {
    reason: 'SiwxRevokeRefused',
    status: 403,
    code: 'SIWX_REVOKE_REFUSED',
    message: "Neither the session's proof nor its account's signature was given",
  },
  internal: {
    reason: 'ApiInternalError',
    status: 500,
    code: 'INTERNAL_ERROR',
    message: 'Internal server error',
  },
} as const

export type ApiErrorName = keyof typeof API_ERRORS
export type ApiErrorCode = (typeof API_ERRORS)[ApiErrorName]['code']

export const API_ERROR_CODES = Object.values(API_ERRORS).map((error) => error.code) as [
  ApiErrorCode,
  ...ApiErrorCode[],
]

/** The body of every non-2xx answer of the data API. */
export const ApiErrorBodySchema = z.object({
  code: z.enum(API_ERROR_CODES),
  message: z.string().check(z.maxLength(500)),
})
export type ApiErrorBody = z.infer<typeof ApiErrorBodySchema>
