import { KEY_SERVER_ERRORS, type KeyServerErrorBody, type KeyServerErrorName } from '@walletframe/protocol'

/** A client-facing failure, answered as `{ code, message }` (plus `retryAfterSeconds`) with the catalogue's status. */
export class KeyServerError extends Error {
  override readonly name = 'KeyServerError'
  readonly status: number
  readonly code: KeyServerErrorBody['code']
  readonly retryAfterSeconds: number | undefined

  constructor(
    kind: KeyServerErrorName,
    options: { message?: string; retryAfterSeconds?: number; cause?: unknown } = {},
  ) {
    const entry = KEY_SERVER_ERRORS[kind]
    super(options.message ?? entry.message, { cause: options.cause })
    this.status = entry.status
    this.code = entry.code
    this.retryAfterSeconds = options.retryAfterSeconds
  }

  toBody(): KeyServerErrorBody {
    return this.code === KEY_SERVER_ERRORS.emailCooldown.code && this.retryAfterSeconds !== undefined
      ? { code: this.code, message: this.message, retryAfterSeconds: this.retryAfterSeconds }
      : { code: this.code, message: this.message }
  }
}
