import { API_ERRORS, type ApiErrorBody, type ApiErrorName } from '@walletframe/protocol'

/** A client-facing failure: always answered as `{ code, message }` with the catalogue's status. */
export class ApiError extends Error {
  override readonly name = 'ApiError'
  readonly status: number
  readonly code: ApiErrorBody['code']

  constructor(kind: ApiErrorName, message?: string, options?: { cause?: unknown }) {
    const entry = API_ERRORS[kind]
    super(message ?? entry.message, options)
    this.status = entry.status
    this.code = entry.code
  }

  toBody(): ApiErrorBody {
    return { code: this.code, message: this.message }
  }
}
