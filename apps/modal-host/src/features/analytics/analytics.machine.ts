/**
 * The tracking queue of spec §4/§7 as data. Nothing is asked before the first event: then the
 * project's switch (`GET /getAnalyticsConfig`) once per page; events wait for its answer, and are
 * dropped for good when it says off or cannot be read. While on, events are gathered for
 * TIME.debounceMs after the first of a batch, then handed to `deliver` together; a FLUSH (modal
 * close, pagehide) hands them over at once. Delivery is fire-and-forget: the UI never waits on it.
 * A 403 answer (FORBIDDEN) shows 'Invalid App Configuration' once per page (spec §8).
 */
import { type AnalyticsEvent, TIME } from '@walletframe/protocol'
import { assign, fromPromise, setup } from 'xstate'

export type AnalyticsMachineEvent =
  | { type: 'TRACK'; event: AnalyticsEvent }
  | { type: 'FLUSH' }
  /** A delivered event was refused with 403 (origin not allowed, unknown project). */
  | { type: 'FORBIDDEN' }

export interface AnalyticsContext {
  queue: AnalyticsEvent[]
  /** 'Invalid App Configuration' has been shown on this page. */
  alerted: boolean
}

const enqueue = assign<AnalyticsContext, AnalyticsMachineEvent, undefined, AnalyticsMachineEvent, never>({
  queue: ({ context, event }) => (event.type === 'TRACK' ? [...context.queue, event.event] : context.queue),
})

/** The gathered batch goes out together; `gathering` always holds at least one event. */
const FLUSH = [
  { type: 'deliver', params: ({ context }: { context: AnalyticsContext }) => context.queue },
  'clearQueue',
] as const

export const analyticsMachine = setup({
  types: { context: {} as AnalyticsContext, events: {} as AnalyticsMachineEvent },
  actors: {
    /** Provided: the project's switch, `isAnalyticsEnabled`. */
    config: fromPromise<boolean>(async () => false),
  },
  actions: {
    /** Provided: sends the batch without waiting (each event is its own `POST /e`). */
    deliver: (_, _batch: AnalyticsEvent[]) => {},
    /** Provided: shows the 'Invalid App Configuration' alert. */
    alert: () => {},
    clearQueue: assign({ queue: [] }),
  },
  guards: {
    empty: ({ context }) => context.queue.length === 0,
  },
}).createMachine({
  id: 'analytics',
  context: { queue: [], alerted: false },
  initial: 'unknown',
  on: {
    FORBIDDEN: {
      guard: ({ context }) => !context.alerted,
      actions: ['alert', assign({ alerted: true })],
    },
  },
  states: {
    unknown: { on: { TRACK: { target: 'asking', actions: enqueue } } },
    asking: {
      invoke: {
        src: 'config',
        onDone: [{ guard: ({ event }) => event.output, target: 'on' }, { target: 'off' }],
        onError: 'off',
      },
      on: { TRACK: { actions: enqueue } },
    },
    on: {
      initial: 'gathering',
      states: {
        idle: { on: { TRACK: { target: 'gathering', actions: enqueue } } },
        gathering: {
          always: { guard: 'empty', target: 'idle' },
          after: { [TIME.debounceMs]: { target: 'idle', actions: FLUSH } },
          on: { TRACK: { actions: enqueue }, FLUSH: { target: 'idle', actions: FLUSH } },
        },
      },
    },
    // The project said no (or could not be asked): nothing is kept or sent for this page.
    off: { entry: 'clearQueue' },
  },
})
