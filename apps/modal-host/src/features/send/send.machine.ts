/**
 * A send (spec §3 send state, §4 "Sending a token", §5 "Sending") as behaviour: three regions run
 * side by side. `gas` keeps the chain's gas price (retried after a failure); `receiver` turns what
 * was typed into an address (a name through the names table, an address with its reverse name)
 * after a pause in typing; `flow` goes form → preview → sending, and back to the form, reset, once
 * the wallet took the transaction. `receipt` then waits for it to be mined, so balances and
 * activity refresh with it. Waits are `after` delays: the tests run on a fake clock.
 */
import { TIME, type TokenBalance } from '@walletframe/protocol'
import { assign, fromPromise, not, raise, setup } from 'xstate'
import {
  balanceUnits,
  formatUnits,
  type SendTransaction,
  tokenContract,
  tokenDecimals,
  transactionOf,
} from './send-rules.ts'
import { type Receiver, type SendContext, summaryOf } from './send-summary.ts'

export type SendEvent =
  | { type: 'BALANCES'; balances: readonly TokenBalance[] }
  | { type: 'TOKEN'; token: TokenBalance }
  | { type: 'AMOUNT'; amount: string }
  | { type: 'MAX' }
  | { type: 'RECEIVER'; text: string }
  | { type: 'PREVIEW' }
  | { type: 'EDIT' }
  | { type: 'CONFIRM' }
  | { type: 'SENT'; hash: string }

export interface SendInput {
  from: string
  accountType: 'eoa' | 'smartAccount'
}

/** Spec §9 "default debounce": the receiver is looked up once typing pauses. */
export const RECEIVER_DEBOUNCE_MS = TIME.debounceMs
/** How often, and how many times, the receipt of a sent transaction is asked for. */
export const RECEIPT_POLL_MS = 1_000
export const RECEIPT_MAX_CHECKS = 60

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/

const sameToken = (a: TokenBalance | undefined, b: TokenBalance | undefined) =>
  a !== undefined && b !== undefined && a.address.toLowerCase() === b.address.toLowerCase()

export const sendMachine = setup({
  types: {
    context: {} as SendContext,
    events: {} as SendEvent,
    input: {} as SendInput,
  },
  actors: {
    // Provided by the session: the data API, the network's RPC and the connected wallet.
    gasPrice: fromPromise<bigint>(async () => {
      throw new Error('gasPrice not provided')
    }),
    resolveReceiver: fromPromise<Receiver | undefined, string>(async () => {
      throw new Error('resolveReceiver not provided')
    }),
    sendTransaction: fromPromise<string, SendTransaction>(async () => {
      throw new Error('sendTransaction not provided')
    }),
    receipt: fromPromise<boolean, string>(async () => {
      throw new Error('receipt not provided')
    }),
  },
  actions: {
    // Provided by the session: what the router, the toasts and the account data do.
    showPreview: () => {},
    sent: (_, _hash: string) => {},
    failed: () => {},
    mined: () => {},
    takeBalances: assign(({ context, event }) => {
      if (event.type !== 'BALANCES') return {}
      const native = event.balances.find((token) => tokenContract(token) === undefined)
      const token = event.balances.find((candidate) => sameToken(candidate, context.token)) ?? native
      return { native, token }
    }),
    takeToken: assign(({ event }) => (event.type === 'TOKEN' ? { token: event.token, amount: '' } : {})),
    takeAmount: assign(({ event }) => (event.type === 'AMOUNT' ? { amount: event.amount } : {})),
    takeMax: assign(({ context }) => {
      const { token } = context
      if (!token) return {}
      const decimals = tokenDecimals(token) ?? 0
      // The native currency also pays the fee: Max leaves it.
      const fee = tokenContract(token) === undefined ? (summaryOf(context).fee ?? 0n) : 0n
      const units = balanceUnits(token) - fee
      return { amount: units > 0n ? formatUnits(units, decimals) : '0' }
    }),
    takeReceiverText: assign(({ event }) => {
      if (event.type !== 'RECEIVER') return {}
      const text = event.text.trim()
      // An address needs no lookup to be sent to; its reverse name follows.
      return {
        receiverText: event.text,
        receiver: EVM_ADDRESS.test(text) ? { address: text } : undefined,
        receiverError: undefined,
      }
    }),
    reset: assign(({ context }) => ({
      token: context.native,
      amount: '',
      receiverText: '',
      receiver: undefined,
      receiverError: undefined,
    })),
  },
  guards: {
    receiverTyped: ({ context }) => context.receiverText.trim() !== '',
    ready: ({ context }) => summaryOf(context).ready,
    checksLeft: ({ context }) => context.receiptChecks < RECEIPT_MAX_CHECKS,
  },
}).createMachine({
  id: 'send',
  type: 'parallel',
  context: ({ input }) => ({
    from: input.from,
    accountType: input.accountType,
    amount: '',
    receiverText: '',
    receiptChecks: 0,
  }),
  on: {
    BALANCES: { actions: 'takeBalances' },
    SENT: {
      target: '.receipt.waiting',
      actions: assign(({ event }) => ({ pending: event.hash, receiptChecks: 0 })),
    },
  },
  states: {
    gas: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            src: 'gasPrice',
            onDone: { target: 'loaded', actions: assign({ gasPrice: ({ event }) => event.output }) },
            onError: 'failed',
          },
        },
        loaded: {},
        failed: { after: { [TIME.balanceRetryIntervalMs]: 'loading' } },
      },
    },
    receiver: {
      initial: 'idle',
      on: { RECEIVER: { target: '.debouncing', reenter: true, actions: 'takeReceiverText' } },
      states: {
        idle: {},
        debouncing: {
          always: { guard: not('receiverTyped'), target: 'idle' },
          after: { [RECEIVER_DEBOUNCE_MS]: 'resolving' },
        },
        resolving: {
          invoke: {
            src: 'resolveReceiver',
            input: ({ context }) => context.receiverText.trim(),
            onDone: {
              target: 'idle',
              actions: assign(({ event }) =>
                event.output ? { receiver: event.output } : { receiverError: 'receiverUnknown' as const },
              ),
            },
            // A failed reverse lookup leaves a typed address as it is; a name stays unresolved.
            onError: {
              target: 'idle',
              actions: assign(({ context }) =>
                context.receiver ? {} : { receiverError: 'receiverUnknown' },
              ),
            },
          },
        },
      },
    },
    flow: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            TOKEN: { actions: 'takeToken' },
            AMOUNT: { actions: 'takeAmount' },
            MAX: { actions: 'takeMax' },
            PREVIEW: { guard: 'ready', target: 'preview', actions: 'showPreview' },
          },
        },
        preview: { on: { EDIT: 'editing', CONFIRM: { guard: 'ready', target: 'sending' } } },
        sending: {
          invoke: {
            src: 'sendTransaction',
            input: ({ context }) =>
              transactionOf(
                { ...context, token: context.token!, receiver: context.receiver!.address },
                context.from,
              ),
            onDone: {
              target: 'editing',
              actions: [
                { type: 'sent', params: ({ event }) => event.output },
                raise(({ event }) => ({ type: 'SENT' as const, hash: event.output })),
                'reset',
              ],
            },
            onError: { target: 'preview', actions: 'failed' },
          },
        },
      },
    },
    receipt: {
      initial: 'idle',
      states: {
        idle: {},
        waiting: { after: { [RECEIPT_POLL_MS]: 'checking' } },
        checking: {
          entry: assign({ receiptChecks: ({ context }) => context.receiptChecks + 1 }),
          invoke: {
            src: 'receipt',
            input: ({ context }) => context.pending!,
            onDone: [
              {
                guard: ({ event }) => event.output,
                target: 'idle',
                actions: ['mined', assign({ pending: undefined })],
              },
              { guard: 'checksLeft', target: 'waiting' },
              { target: 'idle', actions: assign({ pending: undefined }) },
            ],
            onError: [{ guard: 'checksLeft', target: 'waiting' }, { target: 'idle' }],
          },
        },
      },
    },
  },
})
