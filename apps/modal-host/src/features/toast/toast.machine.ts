/**
 * Toasts (spec §4 "Toast"): one at a time; a new message replaces an open one after a pause
 * (TIME.toastSwapDelayMs); every toast but a loading one closes itself after TIME.toastDurationMs.
 * Behaviour as data: the pause and the auto-close are `after` delays, so tests run on a fake clock.
 */
import { TIME } from '@walletframe/protocol'
import { assign, setup } from 'xstate'
import type { Text } from '../../ui/i18n/translator.ts'

export type ToastVariant = 'loading' | 'success' | 'error' | 'info'

export interface Toast {
  id: number
  variant: ToastVariant
  /** English from the session (translated when shown), or a catalogue key with its values. */
  message: Text
}

export type ToastEvent = { type: 'SHOW'; variant: ToastVariant; message: Text } | { type: 'HIDE' }

export const toastMachine = setup({
  types: {
    context: {} as { current?: Toast; next?: Toast; count: number },
    events: {} as ToastEvent,
  },
  actions: {
    queue: assign(({ context, event }) => {
      if (event.type !== 'SHOW') return {}
      const count = context.count + 1
      return { next: { id: count, variant: event.variant, message: event.message }, count }
    }),
    showNext: assign(({ context }) => ({ current: context.next, next: undefined })),
    clear: assign({ current: undefined }),
  },
  guards: {
    staysOpen: ({ context }) => context.current?.variant === 'loading',
  },
}).createMachine({
  id: 'toast',
  context: { count: 0 },
  initial: 'hidden',
  states: {
    hidden: {
      entry: 'clear',
      on: { SHOW: { target: 'shown', actions: ['queue', 'showNext'] } },
    },
    shown: {
      always: { guard: 'staysOpen', target: 'loading' },
      after: { [TIME.toastDurationMs]: 'hidden' },
      on: { SHOW: { target: 'swapping', actions: 'queue' }, HIDE: 'hidden' },
    },
    loading: {
      on: { SHOW: { target: 'swapping', actions: 'queue' }, HIDE: 'hidden' },
    },
    // The open toast is gone; the next one appears after the pause (a newer SHOW replaces it).
    swapping: {
      entry: 'clear',
      after: { [TIME.toastSwapDelayMs]: { target: 'shown', actions: 'showNext' } },
      on: { SHOW: { target: 'swapping', reenter: true, actions: 'queue' }, HIDE: 'hidden' },
    },
  },
})
