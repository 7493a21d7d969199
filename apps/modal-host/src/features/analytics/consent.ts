/**
 * `features.analytics: 'consent'` (issue 13; docs/analytics.md): no tracker until the host page
 * grants consent (`setAnalyticsConsent(true)`), so nothing is asked (`GET /getAnalyticsConfig`) and
 * nothing is sent (`POST /e`). Events tracked meanwhile are dropped, not queued: an event the user
 * has not agreed to must not leave later either. A revoke stops the tracker it made (its batch and
 * timer with it); a later grant makes a new one, which asks the project's switch again.
 */
import type { Tracker } from './tracker.ts'

export function createConsentTracker(make: () => Tracker, granted: boolean): Tracker {
  let tracker = granted ? make() : undefined
  const stop = () => {
    tracker?.stop()
    tracker = undefined
  }
  return {
    track: (event) => tracker?.track(event),
    flush: () => tracker?.flush(),
    stop,
    consent(next) {
      if (!next) stop()
      else tracker ??= make()
    },
  }
}
