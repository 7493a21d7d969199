/**
 * The clickjacking guard of the approval (docs/embedded-wallet.md "Approval and clickjacking"):
 * Approve counts only for a trusted click while IntersectionObserver v2 has reported the frame
 * visible — not covered, hidden, transformed or faded by any ancestor — for TIME.approvalVisibleMs
 * without a break. A report of "not visible" restarts the wait. Without IO v2 it fails closed.
 * A pointer click also needs the pointer to have rested in the frame, the frame unmoved, as long
 * (pointer-rest.ts): a frame slid under the user's pointer gets no approval either.
 */
import { TIME } from '@walletframe/protocol'
import type { PointerRest, PointerSample } from './pointer-rest.ts'

/** What the guard reads of an IntersectionObserverEntry (v2 adds `isVisible`). */
export interface VisibilityEntry {
  time: number
  isIntersecting: boolean
  /** How much of the approval is inside the viewport: all of it must be (threshold 1). */
  intersectionRatio: number
  isVisible?: boolean
}

/** Below 1 for layout rounding only; a partly clipped approval is not "fully visible". */
const FULLY_INSIDE = 0.999

/** A click as the guard reads it: `detail` 0 is a keyboard activation, else a pointer click. */
export interface ClickLike extends Partial<PointerSample> {
  isTrusted: boolean
  detail?: number
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
  /** Why a click does not count (`accepted` when it does). */
  judge(click: ClickLike, now?: number): ClickVerdict
  disconnect(): void
}

/** `hidden`: not visible (long enough); `pointer`: the pointer was not at rest on an unmoved frame. */
export type ClickVerdict = 'accepted' | 'untrusted' | 'hidden' | 'pointer'

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
    /** Where the pointer rests; without it every click is judged by visibility alone. */
    pointer?: PointerRest
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
  if (!supported) return { supported, accepts: () => false, judge: () => 'hidden', disconnect: () => {} }
  /**
   * Armed: a pointer click now would count (visible and, with pointer tracking, the pointer at rest,
   * both for TIME.approvalVisibleMs). Recomputed on every visibility or pointer change.
   */
  const rearm = () => {
    clearTimeout(arming)
    const pointerSince = options.pointer ? options.pointer.since() : visibleSince
    if (visibleSince === undefined || pointerSince === undefined) return setArmed(false)
    const wait = Math.max(visibleSince, pointerSince) + TIME.approvalVisibleMs - clock()
    if (wait <= 0) return setArmed(true)
    setArmed(false)
    arming = setTimeout(() => setArmed(true), wait)
  }
  options.pointer?.onChange(rearm)
  const observer = (options.observe ?? browserObserver)(
    (entries) => {
      for (const entry of entries) {
        const visible =
          entry.isIntersecting && entry.intersectionRatio >= FULLY_INSIDE && entry.isVisible === true
        if (visible && visibleSince !== undefined) continue
        visibleSince = visible ? entry.time : undefined
        rearm()
      }
    },
    { trackVisibility: true, delay: TIME.approvalVisibilityDelayMs, threshold: [1] },
  )
  observer.observe(target)
  const guard: VisibilityGuard = {
    supported,
    accepts: (click, now) => guard.judge(click, now) === 'accepted',
    judge(click, now = clock()) {
      if (!click.isTrusted) return 'untrusted'
      if (visibleSince === undefined || now - visibleSince < TIME.approvalVisibleMs) return 'hidden'
      if (!options.pointer || !click.detail) return 'accepted'
      const resting = options.pointer.restingSince(click as PointerSample)
      return resting !== undefined && now - resting >= TIME.approvalVisibleMs ? 'accepted' : 'pointer'
    },
    disconnect: () => {
      clearTimeout(arming)
      observer.disconnect()
    },
  }
  return guard
}
