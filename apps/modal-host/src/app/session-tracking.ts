/**
 * What the session tracks (spec §4 "Modal", "Disconnect"; §7 `POST /e`; docs/analytics.md): the
 * tracker of this page, the modal's open and close, and the connect flows' outcomes. The other
 * events are tracked where they happen (disconnect, network switch, send, swap), through the
 * tracker the session passes on.
 */
import {
  ALERTS,
  ANALYTICS_EVENTS,
  type CONNECT_PLATFORMS,
  type ModalInit,
  type TrackedEvent,
} from '@walletframe/protocol'
import { createConsentTracker, createTracker, NO_TRACKER, type Tracker } from '../features/analytics/index.ts'
import type { ApiClient } from '../features/core/api-client.ts'
import type { SessionState } from '../features/core/session-api.ts'
import type { FlowKind, FlowReport } from './modal-flows.ts'

type Platform = (typeof CONNECT_PLATFORMS)[number]

export const PLATFORM_OF_FLOW: Record<FlowKind, Platform> = {
  external: 'browser',
  walletConnect: 'qrcode',
  email: 'email',
  social: 'social',
}

/**
 * The page's tracker: inert with `analytics: false` (or `features.analytics: false`) or without a data API, so that then
 * not even the project's switch is asked; with `'consent'`, inert until the host grants consent.
 */
export function trackerFor(context: {
  init: ModalInit
  api: ApiClient | undefined
  toast(message: string): void
  log(message: string): void
}): Tracker {
  const { init, api, log } = context
  const origin = init.metadata?.url
  const analytics = init.analytics ?? init.features.analytics
  if (analytics === false || !api || !origin) return NO_TRACKER
  const make = () =>
    createTracker({
      transport: api,
      origin,
      // Spec §8: an analytics 403 means the data API does not allow this modal for the project.
      alert() {
        context.toast(ALERTS.invalidAppConfiguration.title)
        log(`${ALERTS.invalidAppConfiguration.title}: the data API refused the analytics event (403)`)
      },
      log,
    })
  return analytics === 'consent' ? createConsentTracker(make, init.analyticsConsent === true) : make()
}

export function createSessionTracking(tracker: () => Tracker) {
  /** The last outcome each kind of flow reported, so a failure is tracked once, not per snapshot. */
  const reported: Partial<Record<FlowKind, FlowReport['progress']>> = {}
  const track = (event: TrackedEvent) => tracker().track(event)
  const tracking = {
    track,
    /** Spec §4 "Modal": open and close send events; a close hands the batch over at once. */
    stateChanged(prev: SessionState, next: SessionState) {
      if (prev.open === next.open) return
      const connected = next.account.status === 'connected'
      if (next.open) return track({ event: ANALYTICS_EVENTS.modalOpen, properties: { connected } })
      track({ event: ANALYTICS_EVENTS.modalClose, properties: { connected } })
      tracker().flush()
    },
    flowReported({ kind, progress }: FlowReport) {
      if (reported[kind] === progress) return
      reported[kind] = progress
      if (progress === 'declined' || progress === 'failed')
        track({
          event: ANALYTICS_EVENTS.connectError,
          properties: { platform: PLATFORM_OF_FLOW[kind], reason: progress },
        })
    },
    /** The email and social logins fail in their machine's `failed` state. */
    loginReported(kind: 'email' | 'social', state: unknown) {
      tracking.flowReported({ kind, progress: state === 'failed' ? 'failed' : undefined })
    },
    walletSelected(kind: FlowKind, name: string) {
      track({ event: ANALYTICS_EVENTS.selectWallet, properties: { name, platform: PLATFORM_OF_FLOW[kind] } })
    },
    connected(kind: FlowKind, name: string) {
      track({
        event: ANALYTICS_EVENTS.connectSuccess,
        properties: { name, platform: PLATFORM_OF_FLOW[kind] },
      })
    },
  }
  return tracking
}
