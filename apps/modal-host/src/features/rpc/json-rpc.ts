/**
 * JSON-RPC over HTTP to a network's RPC endpoint (spec §7): a deadline per attempt and retries
 * with exponential backoff on the retryable codes of spec §8, honouring Retry-After.
 */
import { MODAL_ERRORS, RPC_ERRORS, TIME, WalletFrameError } from '@walletframe/protocol'

const RETRYABLE_STATUS = new Set([403, 408, 413, 429, 500, 502, 503, 504])
const RETRYABLE_CODES = new Set([-1, RPC_ERRORS.limitExceeded.code, RPC_ERRORS.internal.code])

export interface JsonRpcOptions {
  timeoutMs?: number
  retries?: number
  fetch?: typeof fetch
}

let nextId = 0

export async function jsonRpc(url: string, method: string, params: unknown, options: JsonRpcOptions = {}) {
  const retries = options.retries ?? TIME.httpRetries
  const doFetch = options.fetch ?? fetch
  for (let attempt = 0; ; attempt++) {
    let retryAfterMs: number | undefined
    let failure: WalletFrameError
    try {
      const response = await doFetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: ++nextId, method, params: params ?? [] }),
        signal: AbortSignal.timeout(options.timeoutMs ?? TIME.httpTimeoutMs),
      })
      if (!response.ok) {
        failure = new WalletFrameError(MODAL_ERRORS.httpFailed, {
          details: `HTTP ${response.status} from ${url}`,
        })
        const retryAfter = Number(response.headers.get('retry-after'))
        // Honoured, but capped: a server asking for minutes must not hold the user that long.
        if (Number.isFinite(retryAfter) && retryAfter > 0)
          retryAfterMs = Math.min(retryAfter * 1000, TIME.httpTimeoutMs)
        if (!RETRYABLE_STATUS.has(response.status) || attempt >= retries) throw failure
      } else {
        const body = (await response.json()) as {
          result?: unknown
          error?: { code?: unknown; message?: unknown }
        }
        if (!body.error) return body.result
        const code = typeof body.error.code === 'number' ? body.error.code : RPC_ERRORS.internal.code
        failure = new WalletFrameError({
          code,
          message: String(body.error.message ?? RPC_ERRORS.internal.message),
        })
        if (!RETRYABLE_CODES.has(code) || attempt >= retries) throw failure
      }
    } catch (error) {
      if (error instanceof WalletFrameError) throw error
      const timedOut = (error as Error).name === 'TimeoutError'
      failure = new WalletFrameError(timedOut ? MODAL_ERRORS.httpTimeout : MODAL_ERRORS.httpFailed, {
        cause: error,
        details: url,
      })
      if (attempt >= retries) throw failure
    }
    await new Promise((resolve) => setTimeout(resolve, retryAfterMs ?? TIME.httpRetryDelayMs * 2 ** attempt))
  }
}
