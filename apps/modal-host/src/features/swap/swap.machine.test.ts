import { TIME } from '@walletframe/protocol'
import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, SimulatedClock } from 'xstate'
import { type QuoteResult, type SwapForm, swapMachine } from './swap.machine.ts'

const quote = (toAmount: string) => ({
  fromAmount: '1000',
  fromAccount: 'eip155:31337:0xa',
  toAmount,
  toAccount: 'eip155:31337:0xb',
  priceImpact: 0.1,
  gasFee: '0',
})
const DUSD = 'eip155:31337:0x5fbdb2315678afecb367f032d93f642f64180aa3'
const DVT = 'eip155:31337:0xe7f1725e7734ce288f8367e1bb143e90bb3f0512'
const form = (amount: bigint | undefined): SwapForm => ({
  from: DUSD,
  to: DVT,
  text: String(amount ?? ''),
  amount,
  fromNative: false,
})

/** The machine with steps that record their calls; `allowance` is what the quote step reports. */
function start(options: { allowance: bigint; swapFails?: boolean }) {
  const clock = new SimulatedClock()
  const calls: string[] = []
  const events: string[] = []
  let allowance = options.allowance
  const actor = createActor(
    swapMachine.provide({
      actors: {
        quote: fromPromise<QuoteResult, SwapForm>(async ({ input }) => {
          calls.push(`quote ${input.amount}`)
          return { quote: quote(String(input.amount! * 2n)), allowance }
        }),
        approve: fromPromise<void, SwapForm>(async ({ input }) => {
          calls.push(`approve ${input.amount}`)
          allowance = input.amount!
        }),
        swap: fromPromise<void, SwapForm>(async ({ input }) => {
          calls.push(`swap ${input.amount}`)
          if (options.swapFails) throw new Error('User rejected the request.')
        }),
      },
      actions: { swapped: () => events.push('swapped'), swapFailed: () => events.push('failed') },
    }),
    { clock },
  )
  actor.start()
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
  return { actor, clock, calls, events, settle }
}

describe('swap flow', () => {
  it('asks for one quote once typing pauses for the debounce of spec §9', async () => {
    const { actor, clock, calls, settle } = start({ allowance: 10n ** 30n })
    actor.send({ type: 'CHANGE', form: form(1n) })
    clock.increment(TIME.debounceMs - 1)
    actor.send({ type: 'CHANGE', form: form(12n) })
    clock.increment(TIME.debounceMs - 1)
    expect(calls).toEqual([])
    actor.send({ type: 'CHANGE', form: form(123n) })
    clock.increment(TIME.debounceMs)
    await settle()
    expect(calls).toEqual(['quote 123'])
    expect(actor.getSnapshot().value).toBe('ready')
    expect(actor.getSnapshot().context.quote?.quote.toAmount).toBe('246')
  })

  it('does not quote an incomplete form: no amount, or the same token twice', () => {
    const { actor, clock, calls } = start({ allowance: 0n })
    actor.send({ type: 'CHANGE', form: form(undefined) })
    actor.send({ type: 'CHANGE', form: { ...form(5n), to: DUSD } })
    clock.increment(TIME.debounceMs * 2)
    expect(calls).toEqual([])
    expect(actor.getSnapshot().matches({ idle: 'editing' })).toBe(true)
  })

  it('approves a short allowance first, quotes again, then swaps', async () => {
    const { actor, clock, calls, events, settle } = start({ allowance: 0n })
    actor.send({ type: 'CHANGE', form: form(50n) })
    clock.increment(TIME.debounceMs)
    await settle()
    actor.send({ type: 'SWAP' }) // refused: the allowance is short
    expect(actor.getSnapshot().value).toBe('ready')
    actor.send({ type: 'APPROVE' })
    await settle()
    await settle()
    expect(actor.getSnapshot().value).toBe('ready')
    actor.send({ type: 'APPROVE' }) // refused now: nothing more to approve
    actor.send({ type: 'SWAP' })
    await settle()
    expect(calls).toEqual(['quote 50', 'approve 50', 'quote 50', 'swap 50'])
    expect(events).toEqual(['swapped'])
    expect(actor.getSnapshot().matches({ idle: 'editing' })).toBe(true)
    // The form starts over with the same tokens.
    expect(actor.getSnapshot().context.form).toEqual({ ...form(undefined), text: '' })
  })

  it('keeps the quote and shows why when the wallet refuses the swap', async () => {
    const { actor, clock, events, settle } = start({ allowance: 10n ** 30n, swapFails: true })
    actor.send({ type: 'CHANGE', form: form(7n) })
    clock.increment(TIME.debounceMs)
    await settle()
    actor.send({ type: 'SWAP' })
    actor.send({ type: 'CHANGE', form: form(8n) }) // ignored while the wallet is asked
    await settle()
    expect(events).toEqual(['failed'])
    expect(actor.getSnapshot().value).toBe('ready')
    expect(actor.getSnapshot().context).toMatchObject({ error: 'User rejected the request.', form: form(7n) })
  })
})
