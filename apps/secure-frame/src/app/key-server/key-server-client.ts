/**
 * The key frame's only way out: JSON requests to its own server (same origin), with the HttpOnly
 * partitioned session cookie (docs/embedded-wallet.md "Session without storage"). A server error
 * keeps the server's reason and message (e.g. spec §8's 'Please try again after 30 seconds');
 * anything else is FRAME_ERRORS.default.
 */
import {
  FRAME_ERRORS,
  KEY_SERVER_ERRORS,
  KeyServerErrorBodySchema,
  WalletFrameError,
} from '@walletframe/protocol'

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>

export interface KeyServerClient {
  get<T>(path: string, signal?: AbortSignal): Promise<T>
  post<T>(path: string, body: unknown, signal?: AbortSignal): Promise<T>
}

export function createKeyServerClient(
  fetchImpl: FetchLike = (input, init) => fetch(input, init),
): KeyServerClient {
  const send = async <T>(path: string, init: RequestInit): Promise<T> => {
    let response: Response
    try {
      response = await fetchImpl(path, { ...init, credentials: 'include', cache: 'no-store' })
    } catch (error) {
      // An abort is the channel cancelling the request: let the caller see it as such.
      if (init.signal?.aborted) throw init.signal.reason
      throw new WalletFrameError(FRAME_ERRORS.default, { cause: error })
    }
    const body: unknown = await response.json().catch(() => undefined)
    if (!response.ok) throw fromKeyServerErrorBody(response.status, body)
    return body as T
  }
  return {
    get: (path, signal) => send(path, { method: 'GET', signal: signal ?? null }),
    post: (path, body, signal) =>
      send(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: signal ?? null,
      }),
  }
}

/** The server's `{code, message}` as a WalletFrameError: its catalogue reason, its own message. */
export function fromKeyServerErrorBody(status: number, body: unknown): WalletFrameError {
  const parsed = KeyServerErrorBodySchema.safeParse(body)
  const entry = parsed.success
    ? Object.values(KEY_SERVER_ERRORS).find((candidate) => candidate.code === parsed.data.code)
    : undefined
  if (!parsed.success || !entry)
    return new WalletFrameError(FRAME_ERRORS.default, { details: `HTTP ${status}` })
  return new WalletFrameError(
    { reason: entry.reason, code: entry.status, message: parsed.data.message },
    { details: `HTTP ${status} ${entry.code}` },
  )
}
