/**
 * The clickjacking guard of the approval (docs/embedded-wallet.md "Approval and clickjacking"):
 * Approve counts only for a trusted click while IntersectionObserver v2 has reported the frame
 * visible — not covered, hidden, transformed or faded by any ancestor — for TIME.approvalVisibleMs
 * without a break. A report of "not visible" restarts the wait. Without IO v2 it fails closed.
 */
import { TIME } from '@walletframe/protocol'

/** What the guard reads of an IntersectionObserverEntry (v2 adds `isVisible`). */
export interface VisibilityEntry {
  time: number
  isIntersecting: boolean
  isVisible?: boolean
}

export interface ClickLike {
  isTrusted: boolean
}

export type ObserverFactory = (
  callback: (entries: VisibilityEntry[]) => void,
  options: IntersectionObserverInit & { trackVisibility: boolean; delay: number },
) => { observe(target: Element): void; disconnect(): void }

export interface VisibilityGuard {
  /** False where IntersectionObserver v2 is missing: Approve is then disabled (fail closed). */
  readonly supported: boolean
  /** Whether a click at `now` (performance.now() clock) counts as the user's approval. */
  accepts(click: ClickLike, now?: number): boolean
  disconnect(): void
}

export function supportsVisibilityTracking(scope: typeof globalThis = globalThis): boolean {
  const Entry = scope.IntersectionObserverEntry as { prototype: object } | undefined
  return (
    typeof scope.IntersectionObserver === 'function' && Entry !== undefined && 'isVisible' in Entry.prototype
  )
}

const browserObserver: ObserverFactory = (callback, options) =>
  new IntersectionObserver((entries) => callback(entries as unknown as VisibilityEntry[]), options)

export function createVisibilityGuard(
  target: Element,
  options: {
    observe?: ObserverFactory
    supported?: boolean
    now?: () => number
    /**
     * Told when a click would start or stop counting, so the view can enable Approve only then:
     * the user sees when it counts, and a host that hides the frame sees Approve disabled again.
     */
    onArmedChange?: (armed: boolean) => void
  } = {},
): VisibilityGuard {
  const supported = options.supported ?? supportsVisibilityTracking()
  const clock = options.now ?? (() => performance.now())
  /** When the current unbroken visible stretch began; undefined while not (known to be) visible. */
  let visibleSince: number | undefined
  let arming: ReturnType<typeof setTimeout> | undefined
  let armed = false
  const setArmed = (value: boolean) => {
    if (armed === value) return
    armed = value
    options.onArmedChange?.(value)
  }
  if (!supported) return { supported, accepts: () => false, disconnect: () => {} }
  const observer = (options.observe ?? browserObserver)(
    (entries) => {
      for (const entry of entries) {
        if (entry.isIntersecting && entry.isVisible === true) {
          if (visibleSince !== undefined) continue
          visibleSince = entry.time
          const wait = Math.max(0, visibleSince + TIME.approvalVisibleMs - clock())
          arming = setTimeout(() => setArmed(true), wait)
        } else {
          visibleSince = undefined
          clearTimeout(arming)
          setArmed(false)
        }
      }
    },
    { trackVisibility: true, delay: TIME.approvalVisibilityDelayMs, threshold: [1] },
  )
  observer.observe(target)
  return {
    supported,
    accepts(click, now = clock()) {
      return click.isTrusted && visibleSince !== undefined && now - visibleSince >= TIME.approvalVisibleMs
    },
    disconnect: () => {
      clearTimeout(arming)
      observer.disconnect()
    },
  }
}
