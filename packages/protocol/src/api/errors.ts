import * as z from 'zod/mini'

/**
 * The data API's error catalogue (spec §7, §8). Every error answer is `{ code, message }` JSON.
 * Codes are strings rather than numbers: they are meant for programs (the modal maps
 * PROJECT_ID_NOT_CONFIGURED and INVALID_PROJECT_ID to its alerts), and a numeric code would collide
 * with the provider and JSON-RPC codes that share the `WireError` shape. `status` is the HTTP status.
 */
export const API_ERRORS = {
  projectIdMissing: {
    status: 400,
    code: 'PROJECT_ID_NOT_CONFIGURED',
    message: 'Project ID Not Configured: pass projectId as a query parameter.',
  },
  projectIdInvalid: {
    status: 403,
    code: 'INVALID_PROJECT_ID',
    message: 'Invalid Project ID: the project ID is not known to this WalletFrame API.',
  },
  invalidInput: { status: 400, code: 'INVALID_INPUT', message: 'Invalid input' },
  invalidCursor: { status: 400, code: 'INVALID_CURSOR', message: 'Invalid cursor' },
  unsupportedChain: { status: 400, code: 'UNSUPPORTED_CHAIN', message: 'Unsupported chain' },
  unsupportedMediaType: {
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'The request body must be application/json',
  },
  payloadTooLarge: { status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large' },
  notFound: { status: 404, code: 'NOT_FOUND', message: 'Not found' },
  chainUnavailable: {
    status: 503,
    code: 'CHAIN_UNAVAILABLE',
    message: 'The chain did not answer; try again later.',
  },
  internal: { status: 500, code: 'INTERNAL_ERROR', message: 'Internal server error' },
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
