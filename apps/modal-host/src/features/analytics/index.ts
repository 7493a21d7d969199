/** Tracking events (spec §4, §7 `POST /e`): the session makes one tracker and passes it on. */
export { createConsentTracker } from './consent.ts'
export { type AnalyticsTransport, createTracker, NO_TRACKER, type Tracker } from './tracker.ts'
