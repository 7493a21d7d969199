/**
 * The flow of connecting one picked wallet: asking, then connected, declined (the user said no
 * in the wallet) or failed; both of the latter can be retried. Behaviour as data, tested without UI.
 */
import { isUserRejection, toWireError, type WireError } from '@walletframe/protocol'
import { assign, fromPromise, setup } from 'xstate'
import type { ConnectedAccount, WalletConnector } from '../core/index.ts'

export const connectionMachine = setup({
  types: {
    context: {} as { connector: WalletConnector; error?: WireError; account?: ConnectedAccount },
    input: {} as { connector: WalletConnector },
    events: {} as { type: 'RETRY' } | { type: 'CANCEL' },
    output: {} as { account: ConnectedAccount | undefined },
  },
  actors: {
    // The signal aborts when the flow is cancelled, so the connector can stop what it started.
    connectWallet: fromPromise(({ input, signal }: { input: WalletConnector; signal: AbortSignal }) =>
      input.connect({ signal }),
    ),
  },
  guards: {
    rejectedByUser: ({ event }) => isUserRejection((event as { error?: unknown }).error),
  },
}).createMachine({
  id: 'connection',
  context: ({ input }) => ({ connector: input.connector }),
  initial: 'requesting',
  states: {
    requesting: {
      invoke: {
        src: 'connectWallet',
        input: ({ context }) => context.connector,
        onDone: { target: 'connected', actions: assign({ account: ({ event }) => event.output }) },
        onError: [
          {
            guard: 'rejectedByUser',
            target: 'declined',
            actions: assign({ error: ({ event }) => toWireError(event.error) }),
          },
          { target: 'failed', actions: assign({ error: ({ event }) => toWireError(event.error) }) },
        ],
      },
      on: { CANCEL: 'cancelled' },
    },
    declined: { on: { RETRY: 'requesting', CANCEL: 'cancelled' } },
    failed: { on: { RETRY: 'requesting', CANCEL: 'cancelled' } },
    connected: { type: 'final' },
    cancelled: { type: 'final' },
  },
  output: ({ context }) => ({ account: context.account }),
})
