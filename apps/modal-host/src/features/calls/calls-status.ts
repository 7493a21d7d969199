/**
 * `wallet_showCallsStatus` for the embedded wallet (EIP-5792; issue 14 point 3): the modal is that
 * wallet's screen, so it shows the bundle's status itself, read with `wallet_getCallsStatus` from
 * the key frame, again every few seconds while it is pending and on screen. Other wallets show
 * their own (the request passes through to them).
 */
import { type ActorOptions, createActor, fromPromise, setup } from 'xstate'
import type { Store } from '../../ui/store.ts'
import type { SessionState, WalletConnector } from '../core/index.ts'
import type { CallsStatus } from './state.ts'

/** How often a pending bundle is read again while its status is on screen. */
export const CALLS_STATUS_POLL_MS = 2_000

type Reading = Omit<CallsStatus, 'id'>

const TX_HASH = /^0x[0-9a-fA-F]{64}$/
const HEX_CHAIN_ID = /^0x[0-9a-fA-F]{1,13}$/

/**
 * A `wallet_getCallsStatus` answer as the view shows it. EIP-5792 status codes: 1xx pending,
 * 2xx confirmed, 4xx failed off chain, 5xx reverted, 6xx partly reverted.
 */
export function callsStatusOf(answer: unknown): Reading {
  const { status, receipts, chainId } = (answer ?? {}) as Record<string, unknown>
  if (typeof status !== 'number' || !Number.isInteger(status) || status < 100 || status > 699)
    throw new Error('the wallet answered no EIP-5792 status')
  const transactions = (Array.isArray(receipts) ? receipts : [])
    .map((receipt) => (receipt as { transactionHash?: unknown } | null)?.transactionHash)
    .filter((hash): hash is string => typeof hash === 'string' && TX_HASH.test(hash))
  return {
    state: status < 200 ? 'pending' : status < 300 ? 'confirmed' : 'failed',
    code: status,
    transactions,
    ...(typeof chainId === 'string' && HEX_CHAIN_ID.test(chainId) ? { chainId: Number(chainId) } : {}),
  }
}

const callsStatusMachine = setup({
  types: { input: {} as { id: string }, context: {} as { id: string } },
  actors: {
    read: fromPromise<Reading, string>(() => Promise.reject(new Error('provided by createCallsStatus'))),
  },
  actions: {
    report: (_, _reading: Reading) => undefined,
    fail: (_, _error: unknown) => undefined,
  },
}).createMachine({
  id: 'callsStatus',
  context: ({ input }) => ({ id: input.id }),
  initial: 'reading',
  states: {
    reading: {
      invoke: {
        src: 'read',
        input: ({ context }) => context.id,
        onDone: [
          {
            guard: ({ event }) => event.output.state === 'pending',
            target: 'waiting',
            actions: { type: 'report', params: ({ event }) => event.output },
          },
          { target: 'done', actions: { type: 'report', params: ({ event }) => event.output } },
        ],
        onError: {
          target: 'done',
          actions: { type: 'fail', params: ({ event }: { event: { error: unknown } }) => event.error },
        },
      },
    },
    waiting: { after: { [CALLS_STATUS_POLL_MS]: 'reading' } },
    done: { type: 'final' },
  },
})

export function createCallsStatus(context: {
  store: Store<SessionState>
  connector(): WalletConnector | undefined
  /** Opens the modal on CallsStatus, or pushes it when the modal is open. */
  showView(): void
  log(message: string): void
  /** A simulated clock in tests. */
  clock?: ActorOptions<typeof callsStatusMachine>['clock']
}) {
  const { store } = context
  let actor: ReturnType<typeof createActor<typeof callsStatusMachine>> | undefined
  const stop = () => {
    actor?.stop()
    actor = undefined
  }
  // Read only while it is on screen: a status nobody looks at is not polled.
  store.subscribe(() => {
    const { open, view } = store.get()
    if (actor && (!open || view !== 'CallsStatus')) stop()
  })
  return {
    show(id: string) {
      stop()
      const set = (reading: Reading) => store.set({ callsStatus: { id, ...reading } })
      set({ state: 'loading', transactions: [] })
      context.showView()
      const machine = callsStatusMachine.provide({
        actors: {
          read: fromPromise(async ({ input }: { input: string }) => {
            const connector = context.connector()
            if (!connector) throw new Error('no wallet is connected')
            return callsStatusOf(await connector.request('wallet_getCallsStatus', [input]))
          }),
        },
        actions: {
          report: (_, reading) => set(reading),
          fail(_, error) {
            context.log(`calls status not read: ${(error as Error).message}`)
            set({ state: 'error', transactions: [], error: (error as Error).message })
          },
        },
      })
      actor = createActor(machine, { input: { id }, ...(context.clock ? { clock: context.clock } : {}) })
      actor.start()
    },
  }
}
