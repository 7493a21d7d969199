/**
 * The modal's tracker (spec §4 "Modal", "Disconnect"; §7 `POST /e`): builds each event (random
 * eventId, the host page's origin as url and domain, a timestamp, the event's props) and runs the
 * queue of analytics.machine.ts. One per modal page, made by the session and passed on through
 * context. With `features.analytics: false` the session uses NO_TRACKER: nothing is asked or sent.
 */
import type { AnalyticsEvent, TrackedEvent } from '@walletframe/protocol'
import { type ActorOptions, createActor, fromPromise } from 'xstate'
import { analyticsMachine } from './analytics.machine.ts'

export interface Tracker {
  /** Queues an event; never waits and never throws. */
  track(event: TrackedEvent): void
  /** Hands queued events to the network now (modal close, pagehide). */
  flush(): void
  /** Drops what is queued and sends nothing more: its batch timer is cancelled with it. */
  stop(): void
  /** The host's `setAnalyticsConsent()`; only a consent tracker (consent.ts) heeds it. */
  consent?(granted: boolean): void
}

/** What the tracker needs of the data API (api-client.ts implements it). */
export interface AnalyticsTransport {
  analyticsEnabled(): Promise<boolean>
  /** Resolves with the answer's HTTP status; rejects only when nothing was answered. */
  sendEvent(event: AnalyticsEvent): Promise<number>
}

export const NO_TRACKER: Tracker = { track() {}, flush() {}, stop() {} }

const HTTP_FORBIDDEN = 403

export function createTracker(options: {
  transport: AnalyticsTransport
  /** The host page's origin (the handshake's, never its path or query). */
  origin: string
  /** Shows 'Invalid App Configuration' (spec §8); the machine calls it once per page. */
  alert(): void
  log(message: string): void
  now?: () => number
  eventId?: () => string
  clock?: ActorOptions<typeof analyticsMachine>['clock']
}): Tracker {
  const now = options.now ?? Date.now
  const eventId = options.eventId ?? (() => crypto.randomUUID())
  const { transport, log } = options
  const domain = new URL(options.origin).host
  const actor = createActor(
    analyticsMachine.provide({
      actors: {
        // A switch that cannot be read counts as off: nothing is sent without the project's yes.
        config: fromPromise(() =>
          transport.analyticsEnabled().catch((error: Error) => {
            log(`analytics off for this page: ${error.message}`)
            return false
          }),
        ),
      },
      actions: {
        alert: () => options.alert(),
        deliver: (_, batch) => {
          for (const event of batch) {
            transport.sendEvent(event).then(
              (status) => {
                if (status === HTTP_FORBIDDEN) actor.send({ type: 'FORBIDDEN' })
                else if (status >= 300) log(`analytics ${event.props.event} refused: ${status}`)
              },
              (error: Error) => log(`analytics ${event.props.event} not sent: ${error.message}`),
            )
          }
        },
      },
    }),
    options.clock ? { clock: options.clock } : {},
  )
  actor.start()
  return {
    track({ event, properties }) {
      const props = { type: 'track', event, properties } as AnalyticsEvent['props']
      actor.send({
        type: 'TRACK',
        event: { eventId: eventId(), url: options.origin, domain, timestamp: now(), props },
      })
    },
    flush: () => actor.send({ type: 'FLUSH' }),
    stop: () => actor.stop(),
  }
}
