import { type OnRampOptionsResponse, type OnRampQuote, TIME } from '@walletframe/protocol'
import { describe, expect, it, vi } from 'vitest'
import { createActor, SimulatedClock, waitFor } from 'xstate'
import { ENGLISH } from '../../ui/i18n/translator.ts'
import { amountProblem, buyMachine, PURCHASE_POLL_MS } from './buy.machine.ts'
import type { CheckoutWindow } from './checkout-window.ts'
import type { OnRampApi } from './onramp-api.ts'

const OPTIONS: OnRampOptionsResponse = {
  purchaseCurrencies: [
    {
      id: 'ETH',
      name: 'Ether',
      symbol: 'ETH',
      networks: [{ name: 'devnet-31337', display_name: 'Devnet A', chain_id: 31337 }],
    },
  ],
  paymentCurrencies: [
    { id: 'USD', payment_method_limits: [{ id: 'card', min: '15.00', max: '5000.00' }] },
    { id: 'EUR', payment_method_limits: [{ id: 'card', min: '15.00', max: '5000.00' }] },
  ],
  fallback: false,
}
const QUOTE: OnRampQuote = {
  quoteId: 'q1',
  purchaseAmount: { value: '0.0333', currency: 'ETH' },
  paymentSubtotal: { value: '100.00', currency: 'USD' },
  paymentTotal: { value: '101.60', currency: 'USD' },
  fees: [],
  estimated: false,
}

function start(options: { chainId?: number; balances?: bigint[] } = {}) {
  const clock = new SimulatedClock()
  const balances = [...(options.balances ?? [10n])]
  const api: OnRampApi = {
    options: vi.fn(async () => OPTIONS),
    quote: vi.fn(async () => QUOTE),
    widgetUrl: vi.fn(async () => 'http://sandbox.test/checkout/ord_1'),
  }
  const readBalance = vi.fn(async () => (balances.length > 1 ? balances.shift() : balances[0]))
  const actor = createActor(buyMachine, {
    clock,
    input: {
      api,
      address: '0x00000000000000000000000000000000000000aa',
      chainId: options.chainId ?? 31337,
      readBalance,
    },
  }).start()
  const checkout = { navigate: vi.fn(), closed: vi.fn(() => false), close: vi.fn() } satisfies CheckoutWindow
  return { actor, clock, api, checkout, readBalance }
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('buy machine', () => {
  it('quotes an amount within the limits after the debounce pause, not before', async () => {
    const { actor, clock, api } = start()
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'AMOUNT', amount: '10' })
    expect(actor.getSnapshot().matches({ ready: 'editing' })).toBe(true)
    actor.send({ type: 'AMOUNT', amount: '100' })
    clock.increment(TIME.debounceMs - 1)
    expect(api.quote).not.toHaveBeenCalled()
    clock.increment(1)
    await waitFor(actor, (s) => s.matches({ ready: 'quoted' }))
    expect(api.quote).toHaveBeenCalledWith({
      purchaseCurrency: 'ETH',
      paymentCurrency: 'USD',
      amount: '100',
      network: 'devnet-31337',
      paymentMethod: 'card',
    })
  })

  it('opens the checkout at the widget URL and waits for the balance to grow', async () => {
    const { actor, clock, api, checkout } = start({ balances: [10n, 10n, 15n] })
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'AMOUNT', amount: '100' })
    clock.increment(TIME.debounceMs)
    await waitFor(actor, (s) => s.matches({ ready: 'quoted' }))
    actor.send({ type: 'BUY', checkout })
    await waitFor(actor, (s) => s.matches('waiting'))
    expect(checkout.navigate).toHaveBeenCalledWith('http://sandbox.test/checkout/ord_1')
    expect(api.widgetUrl).toHaveBeenCalledWith(
      expect.objectContaining({ presetFiatAmount: 100, fiatCurrency: 'USD', defaultNetwork: 'devnet-31337' }),
    )
    clock.increment(PURCHASE_POLL_MS)
    await waitFor(actor, (s) => s.matches('waiting'))
    clock.increment(PURCHASE_POLL_MS)
    await waitFor(actor, (s) => s.matches('landed'))
    expect(actor.getSnapshot().context.received).toBe(5n)
  })

  it('goes back to the quote when the checkout closes with nothing received', async () => {
    const { actor, clock, checkout } = start()
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'AMOUNT', amount: '50' })
    clock.increment(TIME.debounceMs)
    await waitFor(actor, (s) => s.matches({ ready: 'quoted' }))
    actor.send({ type: 'BUY', checkout })
    await waitFor(actor, (s) => s.matches('waiting'))
    checkout.closed.mockReturnValue(true)
    clock.increment(PURCHASE_POLL_MS)
    await waitFor(actor, (s) => s.matches({ ready: 'quoted' }))
    expect(actor.getSnapshot().context.message).toMatch(/closed/)
  })

  it('asks for pop-ups when the browser blocked the window', async () => {
    const { actor, clock } = start()
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'AMOUNT', amount: '50' })
    clock.increment(TIME.debounceMs)
    await waitFor(actor, (s) => s.matches({ ready: 'quoted' }))
    actor.send({ type: 'BUY', checkout: undefined })
    await settled()
    expect(actor.getSnapshot().matches({ ready: 'quoted' })).toBe(true)
    expect(actor.getSnapshot().context.message).toMatch(/pop-ups/)
  })

  it('says so when the connected network is not offered', async () => {
    const { actor } = start({ chainId: 1 })
    await waitFor(actor, (s) => s.matches('unsupported'))
  })
})

describe('amountProblem', () => {
  const base = { options: OPTIONS, paymentCurrency: 'USD' }
  it.each([
    ['', 'Enter an amount'],
    ['1e3', 'Enter an amount such as 100 or 100.50'],
    ['10.001', 'Enter an amount such as 100 or 100.50'],
    ['14.99', 'The minimum is 15.00 USD'],
    ['5000.01', 'The maximum is 5000.00 USD'],
  ])('%s: %s', (amount, problem) => {
    expect(ENGLISH.text(amountProblem({ ...base, amount })!)).toBe(problem)
  })
  it('accepts the limits themselves', () => {
    expect(amountProblem({ ...base, amount: '15' })).toBeUndefined()
    expect(amountProblem({ ...base, amount: '5000.00' })).toBeUndefined()
  })
})
