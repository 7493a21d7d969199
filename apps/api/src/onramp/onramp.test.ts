import { devnetAccounts, ONRAMP_TREASURY_INDEX } from '@walletframe/devnet'
import { type RunningOnRampSandbox, sandboxChainsOf, startOnRampSandbox } from '@walletframe/onramp-sandbox'
import {
  ONRAMP_PATHS,
  OnRampOptionsResponseSchema,
  OnRampQuoteSchema,
  OnRampUrlResponseSchema,
  SANDBOX_DEV_API_KEY,
  SANDBOX_QUOTE_OUTAGE_AMOUNT,
} from '@walletframe/protocol'
import { afterAll, describe, expect, it } from 'vitest'
import { clientQuery, freshAddress, TEST_BACKENDS, useTestApi } from '../test-support/api.ts'
import type { OnRampProvider } from './provider.ts'
import { createSandboxProvider } from './sandbox-provider.ts'

/** The sandbox behind a switch: `down` makes every call fail as an unreachable provider does. */
function switchable(inner: OnRampProvider) {
  const state = { down: false, calls: 0 }
  const guard = <T>(call: () => Promise<T>) => {
    state.calls += 1
    return state.down ? Promise.reject(new Error('connect ECONNREFUSED')) : call()
  }
  const provider: OnRampProvider = {
    info: inner.info,
    options: (signal) => guard(() => inner.options(signal)),
    quote: (input, signal) => guard(() => inner.quote(input, signal)),
    widgetUrl: (input, signal) => guard(() => inner.widgetUrl(input, signal)),
  }
  return { provider, state }
}

describe.each(TEST_BACKENDS)('on-ramp routes on $name', (backend) => {
  let sandbox: RunningOnRampSandbox | undefined
  let control: ReturnType<typeof switchable> | undefined
  const suite = useTestApi(backend, {
    async onRamp(devnet) {
      sandbox = await startOnRampSandbox({
        host: '127.0.0.1',
        port: 0,
        apiKey: SANDBOX_DEV_API_KEY,
        chains: sandboxChainsOf(devnet!.stack.devnet.chains),
        treasuryPrivateKey: devnetAccounts()[ONRAMP_TREASURY_INDEX]!.privateKey,
      })
      control = switchable(createSandboxProvider({ url: sandbox.url, apiKey: SANDBOX_DEV_API_KEY }))
      return control.provider
    },
  })
  afterAll(() => sandbox?.close())
  const setDown = (down: boolean) => {
    control!.state.down = down
  }
  const post = (path: string, body: unknown) =>
    suite.json(`${path}?${clientQuery()}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  const quoteBody = {
    purchaseCurrency: 'ETH',
    paymentCurrency: 'USD',
    amount: '100',
    network: 'devnet-31337',
  }

  it('options: the provider’s currencies, networks and limits', async () => {
    const { status, body } = await suite.json(`${ONRAMP_PATHS.options}?${clientQuery()}`)
    expect(status).toBe(200)
    const options = OnRampOptionsResponseSchema.parse(body)
    expect(options.fallback).toBe(false)
    expect(options.provider).toMatchObject({
      id: 'sandbox',
      sandbox: true,
      feeRange: { minPercent: 1, maxPercent: 2 },
    })
    expect(options.purchaseCurrencies[0]?.networks.map((n) => n.chain_id)).toEqual([31337, 31338])
    expect(options.paymentCurrencies.map((p) => p.id)).toEqual(['USD', 'EUR'])
    expect(options.paymentCurrencies[0]?.payment_method_limits).toContainEqual({
      id: 'card',
      min: '15.00',
      max: '5000.00',
    })
  })

  it('quote: the provider’s, not estimated', async () => {
    const { status, body } = await post(ONRAMP_PATHS.quote, quoteBody)
    expect(status).toBe(200)
    const quote = OnRampQuoteSchema.parse(body)
    expect(quote).toMatchObject({
      estimated: false,
      purchaseAmount: { value: '0.03333333', currency: 'ETH' },
      paymentSubtotal: { value: '100.00', currency: 'USD' },
      paymentTotal: { value: '101.60', currency: 'USD' },
    })
  })

  it('quote: an estimate, marked so, when the provider fails on the quote', async () => {
    const { status, body } = await post(ONRAMP_PATHS.quote, {
      ...quoteBody,
      amount: SANDBOX_QUOTE_OUTAGE_AMOUNT,
    })
    expect(status).toBe(200)
    const quote = OnRampQuoteSchema.parse(body)
    expect(quote.estimated).toBe(true)
    // 2 % on top (the top of spec §9's range), at the API's price of 3,000 USD.
    expect(quote.paymentTotal).toEqual({ value: '101.99', currency: 'USD' })
    expect(quote.purchaseAmount).toEqual({ value: '0.03333', currency: 'ETH' })
  })

  it('falls back to spec §9’s built-in options while the provider is down, and comes back', async () => {
    setDown(true)
    try {
      // The cached options stay in force for their minute; a fresh API instance asks again.
      await suite.api.close()
      await suite.restart()
      const options = OnRampOptionsResponseSchema.parse(
        (await suite.json(`${ONRAMP_PATHS.options}?${clientQuery()}`)).body,
      )
      expect(options.fallback).toBe(true)
      expect(options.paymentCurrencies).toEqual([
        {
          id: 'USD',
          payment_method_limits: [
            { id: 'card', min: '10.00', max: '7500.00' },
            { id: 'bank', min: '10.00', max: '25000.00' },
          ],
        },
        {
          id: 'EUR',
          payment_method_limits: [
            { id: 'card', min: '10.00', max: '7500.00' },
            { id: 'bank', min: '10.00', max: '25000.00' },
          ],
        },
      ])
      expect(options.purchaseCurrencies[0]?.networks[0]?.name).toBe('ethereum')
      // The failing provider is not asked again at once: the next requests get the fallback straight away.
      const calls = control!.state.calls
      await suite.json(`${ONRAMP_PATHS.options}?${clientQuery()}`)
      expect(control!.state.calls).toBe(calls)
      // No widget without a provider; a quote on a network nobody prices has no estimate either.
      const url = await post(ONRAMP_PATHS.widgetUrl, {
        destinationWallets: [{ address: freshAddress(), blockchains: ['ethereum'] }],
        partnerUserId: 'u1',
      })
      expect(url.status).toBe(503)
      expect(url.body).toMatchObject({ code: 'ONRAMP_UNAVAILABLE' })
      expect((await post(ONRAMP_PATHS.quote, { ...quoteBody, network: 'ethereum' })).status).toBe(503)
      // The fallback limits apply: 7,500.00 by card is the most.
      await suite.expectClientError(
        `${ONRAMP_PATHS.quote}?${clientQuery()}`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ ...quoteBody, network: 'ethereum', amount: '7500.01' }),
        },
        'INVALID_INPUT',
      )
    } finally {
      setDown(false)
    }
    await suite.api.close()
    await suite.restart()
    const options = OnRampOptionsResponseSchema.parse(
      (await suite.json(`${ONRAMP_PATHS.options}?${clientQuery()}`)).body,
    )
    expect(options.fallback).toBe(false)
  })

  it('widget URL: a checkout session for the wallet, on the sandbox', async () => {
    const address = freshAddress()
    const { status, body } = await post(ONRAMP_PATHS.widgetUrl, {
      destinationWallets: [{ address, blockchains: ['devnet-31337'], assets: ['ETH'] }],
      defaultNetwork: 'devnet-31337',
      partnerUserId: address,
      defaultExperience: 'buy',
      presetFiatAmount: 50,
    })
    expect(status).toBe(200)
    const { url } = OnRampUrlResponseSchema.parse(body)
    expect(url.startsWith(`${sandbox!.url}/checkout/ord_`)).toBe(true)
    const page = await (await fetch(url)).text()
    expect(page).toContain(address.toLowerCase())
    expect(page).toContain('50.00 USD')
  })

  it.each([
    ['an amount with three decimals', { ...quoteBody, amount: '10.001' }],
    ['a negative amount', { ...quoteBody, amount: '-5' }],
    ['an amount below the limit', { ...quoteBody, amount: '14.99' }],
    ['an amount above the limit', { ...quoteBody, amount: '5000.01' }],
    ['an unknown payment currency', { ...quoteBody, paymentCurrency: 'GBP' }],
    ['an unknown payment method', { ...quoteBody, paymentMethod: 'cash' }],
    ['a network not offered', { ...quoteBody, network: 'ethereum' }],
    ['a currency not offered', { ...quoteBody, purchaseCurrency: 'BTC' }],
    ['a missing field', { purchaseCurrency: 'ETH', paymentCurrency: 'USD', amount: '100' }],
    ['a body that is not an object', [1, 2]],
  ])('quote: %s is a 400', async (_, body) => {
    await suite.expectClientError(
      `${ONRAMP_PATHS.quote}?${clientQuery()}`,
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
      'INVALID_INPUT',
    )
  })

  it.each([
    ['no wallet', { destinationWallets: [], partnerUserId: 'u' }],
    [
      'a bad address',
      { destinationWallets: [{ address: '0x12', blockchains: ['devnet-31337'] }], partnerUserId: 'u' },
    ],
    [
      'no network',
      { destinationWallets: [{ address: freshAddress(), blockchains: [] }], partnerUserId: 'u' },
    ],
    [
      'a default network not among the wallet’s',
      {
        destinationWallets: [{ address: freshAddress(), blockchains: ['devnet-31337'] }],
        defaultNetwork: 'devnet-31338',
        partnerUserId: 'u',
      },
    ],
    [
      'a network not offered',
      { destinationWallets: [{ address: freshAddress(), blockchains: ['ethereum'] }], partnerUserId: 'u' },
    ],
    [
      'another experience than buy',
      {
        destinationWallets: [{ address: freshAddress(), blockchains: ['devnet-31337'] }],
        partnerUserId: 'u',
        defaultExperience: 'send',
      },
    ],
    [
      'a preset amount outside the provider’s limits',
      {
        destinationWallets: [{ address: freshAddress(), blockchains: ['devnet-31337'] }],
        partnerUserId: 'u',
        presetFiatAmount: 1,
      },
    ],
    [
      'no partner user id',
      { destinationWallets: [{ address: freshAddress(), blockchains: ['devnet-31337'] }] },
    ],
  ])('widget URL: %s is a 400', async (_, body) => {
    await suite.expectClientError(
      `${ONRAMP_PATHS.widgetUrl}?${clientQuery()}`,
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
      'INVALID_INPUT',
    )
  })

  it('refuses another media type and a missing project', async () => {
    await suite.expectClientError(
      `${ONRAMP_PATHS.quote}?${clientQuery()}`,
      { method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify(quoteBody) },
      'UNSUPPORTED_MEDIA_TYPE',
    )
    await suite.expectClientError(ONRAMP_PATHS.options, undefined, 'PROJECT_ID_NOT_CONFIGURED')
  })
})
