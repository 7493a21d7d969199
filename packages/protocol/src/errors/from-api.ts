/**
 * The one translation from the data API's error bodies to modal errors and alerts. The modal's
 * error carries the API entry's reason and HTTP status as code; a body that is not an API error
 * (a proxy's HTML page, say) is still an error, with reason HttpRequestFailed.
 */
import { API_ERRORS, ApiErrorBodySchema } from '../api/errors.ts'
import { MODAL_ERRORS } from './catalogue.ts'
import { ALERTS, type Alert } from './messages.ts'
import { WalletFrameError } from './walletframe-error.ts'

export function fromApiErrorBody(status: number, body: unknown, details?: string): WalletFrameError {
  const parsed = ApiErrorBodySchema.safeParse(body)
  const entry = parsed.success
    ? Object.values(API_ERRORS).find((candidate) => candidate.code === parsed.data.code)
    : undefined
  const where = details ? `${details}: ` : ''
  if (!entry)
    return new WalletFrameError(
      { ...MODAL_ERRORS.httpFailed, code: status },
      { details: `${where}${status}` },
    )
  return new WalletFrameError(
    { reason: entry.reason, code: entry.status, message: entry.message },
    { details: `${where}${status} ${entry.code}` },
  )
}

/** The alert an error stands for (a project the API does not know), if any. */
export function alertForError(error: unknown): Alert | undefined {
  const reason = (error as { reason?: unknown } | null)?.reason
  return Object.values(ALERTS).find((alert) => alert.reason === reason)
}
