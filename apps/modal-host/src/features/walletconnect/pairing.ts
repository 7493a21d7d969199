/**
 * The pairing URI's lifecycle (spec §4 "Pairing", §9): a URI expires 4 minutes after it is set and
 * counts as expired in its last 10 seconds, when a shown URI is replaced by a fresh one. On Telegram
 * and iOS Safari a connect attempt reuses a pending attempt or an unexpired pairing (there a deep
 * link must open within the user's tap, so the URI must not change under it). Independent of
 * sign-client: `create` makes one attempt; timers and the clock are injectable for tests.
 */
import { TIME } from '@walletframe/protocol'

export type PairingState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; uri: string; expiresAt: number }
  | { status: 'failed'; message: string }

/** One `connect()` of sign-client: the URI to show and the wallet's answer. */
export interface PairingAttempt<T> {
  uri: string
  approval: Promise<T>
}

export const pairingExpiresAt = (setAt: number): number => setAt + TIME.pairingLifetimeMs

/** Expired once inside the last 10 s of its lifetime (or when there is none). */
export function isPairingExpired(expiresAt: number | undefined, now: number): boolean {
  return expiresAt === undefined || expiresAt - now <= TIME.pairingExpiryMarginMs
}

/** Platforms where a connect attempt reuses a pending attempt or an unexpired pairing. */
export function reusesPairing(env: { userAgent: string; telegram?: boolean }): boolean {
  if (env.telegram || /\bTelegram\b/i.test(env.userAgent)) return true
  const ios = /\b(iPhone|iPad|iPod)\b/.test(env.userAgent)
  // Every iOS browser embeds WebKit, but only Safari lacks its own token (CriOS, FxiOS, EdgiOS…).
  const safari =
    /\bSafari\//.test(env.userAgent) && !/\b(CriOS|FxiOS|EdgiOS|OPiOS|GSA|DuckDuckGo)\//.test(env.userAgent)
  return ios && safari
}

export interface PairingLifecycleOptions<T> {
  create(): Promise<PairingAttempt<T>>
  reuse: boolean
  onState(state: PairingState): void
  /** An approval of an earlier attempt that arrives while no one is waiting (the view was left). */
  onLateApproval(value: T): void
  now?: () => number
  setTimer?: (fn: () => void, ms: number) => unknown
  clearTimer?: (handle: unknown) => void
}

interface Entry<T> {
  ready: Promise<PairingAttempt<T>>
  uri?: string
  expiresAt?: number
  /** The wallet answered (approved or rejected) or the attempt failed: it cannot be reused. */
  settled: boolean
}

interface Waiter<T> {
  resolve(value: T): void
  reject(error: unknown): void
}

export class PairingAbortedError extends Error {
  override readonly name = 'AbortError'
}

export function createPairingLifecycle<T>(options: PairingLifecycleOptions<T>) {
  const now = options.now ?? Date.now
  const setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms))
  const clearTimer = options.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>))
  let entry: Entry<T> | undefined
  let waiter: Waiter<T> | undefined
  let timer: unknown
  let state: PairingState = { status: 'idle' }

  const setState = (next: PairingState) => {
    state = next
    options.onState(next)
  }

  const start = (): Entry<T> => {
    const created: Entry<T> = { settled: false } as Entry<T>
    created.ready = options.create().then(
      (attempt) => {
        created.uri = attempt.uri
        created.expiresAt = pairingExpiresAt(now())
        attempt.approval.then(
          (value) => {
            created.settled = true
            const current = waiter
            waiter = undefined
            if (current) {
              clearTimer(timer)
              current.resolve(value)
            } else options.onLateApproval(value)
          },
          (error: unknown) => {
            created.settled = true
            // Replaced attempts end with sign-client's proposal expiry: nobody waits on those.
            if (created !== entry || !waiter) return
            const current = waiter
            waiter = undefined
            clearTimer(timer)
            current.reject(error)
          },
        )
        return attempt
      },
      (error: unknown) => {
        created.settled = true
        throw error
      },
    )
    // Failures reach the waiter through `show`; this keeps an unawaited attempt from being unhandled.
    created.ready.catch(() => undefined)
    return created
  }

  const reusable = (candidate: Entry<T> | undefined): candidate is Entry<T> =>
    candidate !== undefined &&
    !candidate.settled &&
    (candidate.uri === undefined || !isPairingExpired(candidate.expiresAt, now()))

  return {
    get state(): PairingState {
      return state
    },
    /**
     * Shows a pairing URI and resolves with the first approval, replacing the URI each time it
     * expires. Only one caller waits at a time; a new call or the signal ends the previous wait.
     */
    approve(signal?: AbortSignal): Promise<T> {
      waiter?.reject(new PairingAbortedError('Replaced by a new connect attempt'))
      clearTimer(timer)
      return new Promise<T>((resolve, reject) => {
        const me: Waiter<T> = { resolve, reject }
        waiter = me
        const stillWaiting = () => waiter === me
        signal?.addEventListener('abort', () => {
          if (!stillWaiting()) return
          waiter = undefined
          clearTimer(timer)
          reject(new PairingAbortedError('Connect attempt cancelled'))
        })
        const show = async (fresh: boolean) => {
          if (fresh || !reusable(entry)) {
            entry = start()
            setState({ status: 'loading' })
          }
          const shown = entry
          try {
            await shown.ready
          } catch (error) {
            if (!stillWaiting() || shown !== entry) return
            waiter = undefined
            setState({ status: 'failed', message: (error as Error)?.message ?? String(error) })
            reject(error)
            return
          }
          if (!stillWaiting() || shown !== entry) return
          setState({ status: 'ready', uri: shown.uri!, expiresAt: shown.expiresAt! })
          const untilExpired = shown.expiresAt! - TIME.pairingExpiryMarginMs - now()
          timer = setTimer(
            () => {
              if (stillWaiting() && shown === entry) void show(true)
            },
            Math.max(0, untilExpired),
          )
        }
        void show(!options.reuse)
      })
    },
  }
}
export type PairingLifecycle<T> = ReturnType<typeof createPairingLifecycle<T>>
