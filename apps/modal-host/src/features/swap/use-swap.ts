/**
 * The Swap view's flow: the machine of swap.machine.ts given its steps against the data API's
 * convert routes and the connected wallet (services.ts). A success says 'Transaction started'
 * (spec §8) and reads the balances again with the bought token (forceUpdate); a failure says
 * 'Something went wrong' and shows the reason under the form.
 */
import { ANALYTICS_EVENTS, SWAP_SLIPPAGE_PERCENT, UI_MESSAGES } from '@walletframe/protocol'
import { useCallback, useEffect, useState } from 'react'
import { createActor, type EventFrom, fromPromise, type SnapshotFrom } from 'xstate'
import type { SwapServices } from './services.ts'
import { type QuoteResult, type SwapForm, swapMachine } from './swap.machine.ts'

const UNLIMITED = 2n ** 256n - 1n

/** The connected account, or the error every step reports without one. */
function connected(services: SwapServices) {
  const account = services.account()
  if (!account) throw new Error('No connected account')
  return account
}

/**
 * The flow's actor. It lives as long as the session's swap services, not the view: the embedded
 * wallet's ApproveTransaction view covers the Swap view while a step waits, and the step must still
 * finish (toast, balances) and the form be there when the Swap view comes back.
 */
type SwapEventName =
  | typeof ANALYTICS_EVENTS.swapInitiated
  | typeof ANALYTICS_EVENTS.swapSuccess
  | typeof ANALYTICS_EVENTS.swapError

/** Spec §7 `POST /e`: a swap's events name its network only, no tokens or amounts. */
const trackOn = (services: SwapServices) => {
  const network = services.networkId()
  return (event: SwapEventName) => {
    if (network) services.track({ event, properties: { network } })
  }
}

export function createSwapActor(services: SwapServices) {
  const { api } = services
  const required = (form: SwapForm) => ({ from: form.from!, to: form.to!, amount: form.amount! })
  return createActor(
    swapMachine.provide({
      actors: {
        quote: fromPromise<QuoteResult, SwapForm>(async ({ input }) => {
          const { address } = connected(services)
          const { from, to, amount } = required(input)
          const [quote, allowance] = await Promise.all([
            api.swapQuote({ amount, userAddress: address, from, to }),
            input.fromNative ? UNLIMITED : api.swapAllowance(from, address),
          ])
          return { quote, allowance }
        }),
        approve: fromPromise<void, SwapForm>(async ({ input }) => {
          const { address } = connected(services)
          const { from, to, amount } = required(input)
          // Exactly the amount sold: the swap contract gets no standing allowance beyond this swap.
          await services.send(await api.swapBuildApprove({ userAddress: address, from, to, amount }))
        }),
        swap: fromPromise<void, SwapForm>(async ({ input }) => {
          const { address } = connected(services)
          const { from, to, amount } = required(input)
          const track = trackOn(services)
          track(ANALYTICS_EVENTS.swapInitiated)
          try {
            const tx = await api.swapBuildTransaction({
              amount: amount.toString(),
              from,
              to,
              userAddress: address,
              eip155: { slippage: String(SWAP_SLIPPAGE_PERCENT) },
            })
            await services.send(tx)
          } catch (error) {
            track(ANALYTICS_EVENTS.swapError)
            throw error
          }
          track(ANALYTICS_EVENTS.swapSuccess)
        }),
      },
      actions: {
        swapped: ({ context }) => {
          services.toast('success', UI_MESSAGES.transactionStarted)
          if (context.form.to) services.refreshBalances(context.form.to)
        },
        swapFailed: () => services.toast('error', UI_MESSAGES.somethingWentWrong),
      },
    }),
  )
}

export type SwapActor = ReturnType<typeof createSwapActor>
export type SwapSnapshot = SnapshotFrom<typeof swapMachine>

/** The flow's latest snapshot, for a mounted Swap view. */
export function useSwapFlow(actor: SwapActor) {
  const [snapshot, setSnapshot] = useState<SwapSnapshot>(() => actor.getSnapshot())
  useEffect(() => {
    setSnapshot(actor.getSnapshot())
    const subscription = actor.subscribe(setSnapshot)
    return () => subscription.unsubscribe()
  }, [actor])
  const send = useCallback((event: EventFrom<typeof swapMachine>) => actor.send(event), [actor])
  return { snapshot, send }
}
