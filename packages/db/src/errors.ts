/**
 * The database could not be reached or dropped the connection (stopped, restarting, network cut):
 * a passing outage, unlike a failing query. Callers answer it as "try again later" (HTTP 503)
 * and retry; the pool opens fresh connections once the server is back.
 */
export class DatabaseUnavailableError extends Error {
  override readonly name = 'DatabaseUnavailableError'
}

/** SQLSTATE class 08 (connection exception) and the server's own shutdown / start-up refusals. */
const UNAVAILABLE_SQLSTATES = /^(08...|57P01|57P02|57P03)$/
const UNAVAILABLE_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH'])
// node-postgres reports a dropped socket and a pool wait past connectionTimeoutMillis only in words.
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|not queryable|Connection ended/i

/** Whether a driver error means the server is out of reach rather than the query being wrong. */
export function isUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  const code = (error as { code?: unknown }).code
  if (typeof code === 'string' && (UNAVAILABLE_SQLSTATES.test(code) || UNAVAILABLE_ERRNOS.has(code)))
    return true
  if (error instanceof AggregateError) return error.errors.some(isUnavailable)
  return UNAVAILABLE_MESSAGES.test(error.message)
}

/** Rethrows an outage as DatabaseUnavailableError (the driver's error kept as its cause). */
export function rethrowUnavailable(error: unknown): never {
  if (isUnavailable(error))
    throw new DatabaseUnavailableError('The database is unavailable', { cause: error })
  throw error
}
