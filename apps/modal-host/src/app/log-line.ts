/**
 * What of a modal log line the host page may keep (`modal.log`, for `sdk.getLogs()`; spec §9 log
 * buffer). The page is the integrator's and a bug report travels further, so a line loses what
 * could carry a user's data: a request body quoted by an RPC error (viem quotes `Request body:`
 * with the full params, a signing call's message or transaction among them), long hex (calldata,
 * signatures, keys: an address's 40 digits stay), a URL's query, and anything past the limit.
 */
import { LOG_LINE_MAX_CHARS } from '@walletframe/protocol'

const REQUEST_BODY = /\s*Request body:[\s\S]*$/
/** Longer than an address (40 digits) or a transaction hash (64): data, not a name of something. */
const LONG_HEX = /0x[0-9a-fA-F]{65,}/g
const URL_QUERY = /(https?:\/\/[^\s?#"']+)[?#][^\s"']*/g

export function hostLogLine(message: string): string {
  const line = message
    .replace(REQUEST_BODY, ' [request body left out]')
    .replace(LONG_HEX, (hex) => `0x[${(hex.length - 2) / 2} bytes]`)
    .replace(URL_QUERY, '$1?…')
  return line.length > LOG_LINE_MAX_CHARS ? `${line.slice(0, LOG_LINE_MAX_CHARS - 1)}…` : line
}
