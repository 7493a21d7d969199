import { DatabaseUnavailableError } from '@walletframe/db'
import { API_ERRORS, type ApiErrorName } from '@walletframe/protocol'
import type { Context, ErrorHandler, NotFoundHandler } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { ApiError } from '../errors.ts'

function send(c: Context, error: ApiError) {
  if (error.retryAfterSeconds !== undefined) c.header('Retry-After', String(error.retryAfterSeconds))
  return c.json(error.toBody(), error.status as ContentfulStatusCode)
}

/** Statuses hono's own middleware throws, mapped to the catalogue. */
const HTTP_EXCEPTION_KINDS: Record<number, ApiErrorName> = {
  400: 'invalidInput',
  404: 'notFound',
  413: 'payloadTooLarge',
  415: 'unsupportedMediaType',
}

/**
 * Every failure becomes `{ code, message }`. Client mistakes keep their 4xx and message; anything
 * unexpected is logged here with its stack and answered with a generic 500, so internals (SQL,
 * RPC URLs, file paths) never reach a client.
 */
export const onApiError: ErrorHandler = (error, c) => {
  if (error instanceof ApiError) {
    if (error.status >= 500) console.error(`[api] ${c.req.method} ${c.req.path}:`, error.cause ?? error)
    return send(c, error)
  }
  if (error instanceof DatabaseUnavailableError) {
    // A database outage is passing: 503 tells clients to retry; logged once per request, briefly.
    console.error(`[api] ${c.req.method} ${c.req.path}: database unavailable`)
    return send(c, new ApiError('databaseUnavailable'))
  }
  if (error instanceof HTTPException) {
    const kind = HTTP_EXCEPTION_KINDS[error.status]
    if (kind) return send(c, new ApiError(kind, error.message || API_ERRORS[kind].message))
  }
  console.error(`[api] ${c.req.method} ${c.req.path}:`, error)
  return send(c, new ApiError('internal'))
}

export const onNotFound: NotFoundHandler = (c) => send(c, new ApiError('notFound'))
