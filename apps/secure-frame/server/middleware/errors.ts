import { DatabaseUnavailableError } from '@walletframe/db'
import { KEY_SERVER_ERRORS, type KeyServerErrorName } from '@walletframe/protocol'
import type { Context, ErrorHandler, NotFoundHandler } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { KeyServerError } from '../errors.ts'

function send(c: Context, error: KeyServerError) {
  if (error.retryAfterSeconds !== undefined) c.header('Retry-After', String(error.retryAfterSeconds))
  c.header('Cache-Control', 'no-store')
  return c.json(error.toBody(), error.status as ContentfulStatusCode)
}

/** What hono's own middleware throws (malformed JSON, body limit), in catalogue terms. */
const FROM_HTTP_STATUS: Record<number, KeyServerErrorName> = {
  400: 'invalidInput',
  404: 'notFound',
  413: 'payloadTooLarge',
  415: 'unsupportedMediaType',
}

/** Every failure is `{ code, message }`; anything unexpected is logged and answered as a bare 500. */
export const onKeyServerError =
  (log: (message: string) => void): ErrorHandler =>
  (error, c) => {
    if (error instanceof KeyServerError) {
      if (error.status >= 500) log(`${c.req.method} ${c.req.path}: ${String(error.cause ?? error.message)}`)
      return send(c, error)
    }
    if (error instanceof DatabaseUnavailableError) {
      // A passing outage (docs/faults.md): 503, so the key frame says "try again later", not a crash.
      log(`${c.req.method} ${c.req.path}: database unavailable`)
      return send(c, new KeyServerError('databaseUnavailable'))
    }
    if (error instanceof HTTPException) {
      const kind = FROM_HTTP_STATUS[error.status]
      if (kind)
        return send(
          c,
          new KeyServerError(kind, { message: error.message || KEY_SERVER_ERRORS[kind].message }),
        )
    }
    log(`${c.req.method} ${c.req.path}: ${error.stack ?? String(error)}`)
    return send(c, new KeyServerError('internal'))
  }

export const onNotFound: NotFoundHandler = (c) => send(c, new KeyServerError('notFound'))
