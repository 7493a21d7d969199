import { API_ERRORS, type ApiErrorBody, type ApiErrorName } from '@walletframe/protocol'

/** A client-facing failure: always answered as `{ code, message }` with the catalogue's status. */
export class ApiError extends Error {
  override readonly name = 'ApiError'
  readonly status: number
  readonly code: ApiErrorBody['code']

  /** Sent as `Retry-After` (a 429). */
  readonly retryAfterSeconds: number | undefined

  constructor(
    kind: ApiErrorName,
    message?: string,
    options?: { cause?: unknown; retryAfterSeconds?: number },
  ) {
    const entry = API_ERRORS[kind]
    super(message ?? entry.message, options)
    this.status = entry.status
    this.code = entry.code
    this.retryAfterSeconds = options?.retryAfterSeconds
  }

  toBody(): ApiErrorBody {
    return { code: this.code, message: this.message }
  }
}
