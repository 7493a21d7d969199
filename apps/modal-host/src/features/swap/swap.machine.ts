/**
 * The swap flow as data (issue 11 point 4): a change of the form waits spec §9's debounce, then asks
 * for a quote (and the allowance of an ERC-20 sold); an ERC-20 whose allowance is short is approved
 * first, then the swap is sent. What each step does to the world (the API, the wallet, toasts) is
 * given by the view (`provide`), so the tests drive this with fake actors and a fake clock.
 */
import { type SwapQuote, TIME } from '@walletframe/protocol'
import { assign, fromPromise, setup } from 'xstate'

export interface SwapForm {
  /** CAIP-10 addresses of the tokens sold and bought. */
  from?: string
  to?: string
  /** The amount as typed, kept so the view shows it again when it comes back (after an approval). */
  text: string
  /** Of `from`, in base units; undefined while the typed text is no amount. */
  amount?: bigint
  /** Whether `from` is the native currency (nothing to approve). */
  fromNative: boolean
}

export interface QuoteResult {
  quote: SwapQuote
  /** What the swap contract may spend of `from` (unlimited for the native currency). */
  allowance: bigint
}

export interface SwapContext {
  form: SwapForm
  quote?: QuoteResult
  /** Why there is no quote, or why the last step failed: shown under the form. */
  error?: string
}

export type SwapEvent = { type: 'CHANGE'; form: SwapForm } | { type: 'APPROVE' } | { type: 'SWAP' }

const complete = (form: SwapForm) =>
  form.from !== undefined && form.to !== undefined && form.from !== form.to && (form.amount ?? 0n) > 0n

export const needsApproval = (context: SwapContext): boolean =>
  context.quote !== undefined &&
  !context.form.fromNative &&
  context.quote.allowance < (context.form.amount ?? 0n)

const messageOf = (error: unknown) => (error as Error | undefined)?.message ?? String(error)

export const swapMachine = setup({
  types: { context: {} as SwapContext, events: {} as SwapEvent },
  actors: {
    // Stand-ins: the view provides the real steps.
    quote: fromPromise<QuoteResult, SwapForm>(async () => {
      throw new Error('quote is not provided')
    }),
    approve: fromPromise<void, SwapForm>(async () => {
      throw new Error('approve is not provided')
    }),
    swap: fromPromise<void, SwapForm>(async () => {
      throw new Error('swap is not provided')
    }),
  },
  actions: {
    setForm: assign(({ event }) =>
      event.type === 'CHANGE' ? { form: event.form, quote: undefined, error: undefined } : {},
    ),
    swapped: () => {},
    swapFailed: (_, _params: { error: unknown }) => {},
  },
  guards: {
    completeForm: ({ event }) => event.type === 'CHANGE' && complete(event.form),
    needsApproval: ({ context }) => needsApproval(context),
  },
  delays: { debounce: TIME.debounceMs },
}).createMachine({
  id: 'swap',
  context: { form: { text: '', fromNative: true } },
  initial: 'idle',
  // A change of the form starts over (a quote in flight is dropped), except while sending.
  on: {
    CHANGE: [
      { guard: 'completeForm', target: '.idle.debouncing', reenter: true, actions: 'setForm' },
      { target: '.idle.editing', actions: 'setForm' },
    ],
  },
  states: {
    idle: {
      initial: 'editing',
      states: {
        editing: {},
        debouncing: { after: { debounce: '#swap.quoting' } },
      },
    },
    quoting: {
      invoke: {
        src: 'quote',
        input: ({ context }) => context.form,
        onDone: { target: 'ready', actions: assign({ quote: ({ event }) => event.output }) },
        onError: {
          target: 'idle.editing',
          actions: assign({ error: ({ event }) => messageOf(event.error) }),
        },
      },
    },
    ready: {
      on: {
        APPROVE: { guard: 'needsApproval', target: 'approving' },
        SWAP: { guard: ({ context }) => !needsApproval(context), target: 'swapping' },
      },
    },
    approving: {
      on: { CHANGE: {} },
      invoke: {
        src: 'approve',
        input: ({ context }) => context.form,
        // A fresh quote and allowance: the approval took a while, the pools may have moved.
        onDone: { target: 'quoting' },
        onError: {
          target: 'ready',
          actions: [
            assign({ error: ({ event }) => messageOf(event.error) }),
            { type: 'swapFailed', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    swapping: {
      on: { CHANGE: {} },
      invoke: {
        src: 'swap',
        input: ({ context }) => context.form,
        onDone: {
          target: 'idle.editing',
          // The form starts over with the same tokens; `swapped` sees what was bought.
          actions: [
            'swapped',
            assign(({ context }) => ({
              form: { ...context.form, text: '', amount: undefined },
              quote: undefined,
              error: undefined,
            })),
          ],
        },
        onError: {
          target: 'ready',
          actions: [
            assign({ error: ({ event }) => messageOf(event.error) }),
            { type: 'swapFailed', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
  },
})
