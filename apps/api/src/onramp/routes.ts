/**
 * Buy (spec §7): `GET /v1/onramp/options`, `POST /v1/onramp/quote`, `POST /v1/generators/onrampurl`,
 * around the configured provider (./provider.ts). Options fall back to the built-in defaults and a
 * quote to the API's estimate (marked `estimated`) when the provider fails or there is none (spec
 * §7 "Caching and answers"); a widget URL has no stand-in, so it is a 503 then. Requests are
 * checked against the options in force (currency, method limits, network) before the provider sees
 * them.
 */
import {
  ONRAMP_DEFAULTS,
  ONRAMP_PATHS,
  OnRampOptionsQuerySchema,
  type OnRampOptionsResponse,
  type OnRampQuote,
  OnRampQuoteQuerySchema,
  OnRampQuoteRequestSchema,
  OnRampUrlQuerySchema,
  OnRampUrlRequestSchema,
  type OnRampUrlResponse,
} from '@walletframe/protocol'
import { Hono } from 'hono'
import { TtlCache } from '../cache.ts'
import { priceKey } from '../chain/prices.ts'
import type { ApiContext, ApiEnv } from '../context.ts'
import { ApiError } from '../errors.ts'
import { requireJsonBody, validJson, validQuery } from '../middleware/validate.ts'
import { estimatedQuote, fallbackOptions, withinLimits } from './fallback.ts'
import { type OnRampQuoteInput, OnRampRequestError } from './provider.ts'

const invalid = (field: string, message: string) =>
  new ApiError('invalidInput', `Invalid body field ${field}: ${message}`)

function providerFailed(what: string, error: unknown) {
  console.warn(`[api] on-ramp provider ${what} failed: ${(error as Error).message}`)
}

export function onRampRoutes(context: ApiContext) {
  const provider = context.onRamp
  const cache = new TtlCache<OnRampOptionsResponse>(ONRAMP_DEFAULTS.optionsCacheMs, 1)
  // A failing provider is asked again only after a pause, so requests do not each wait out its timeout.
  const fallbackCache = new TtlCache<OnRampOptionsResponse>(ONRAMP_DEFAULTS.fallbackRetryMs, 1)
  const signal = () => AbortSignal.timeout(ONRAMP_DEFAULTS.providerTimeoutMs)

  /** The provider's options, cached; the built-in ones while it fails, asked again after a pause. */
  async function options(): Promise<OnRampOptionsResponse> {
    const info = provider ? { provider: provider.info } : {}
    const cached = cache.get('options') ?? fallbackCache.get('options')
    if (cached) return cached
    if (provider) {
      try {
        const answer = { ...(await provider.options(signal())), ...info, fallback: false }
        cache.set('options', answer)
        return answer
      } catch (error) {
        providerFailed('options', error)
      }
    }
    const fallback = { ...fallbackOptions(), ...info, fallback: true }
    fallbackCache.set('options', fallback)
    return fallback
  }

  /** The chain id of `network` if `currency` is offered on it. */
  function offeredChain(offer: OnRampOptionsResponse, currency: string, network: string): number {
    const purchase = offer.purchaseCurrencies.find((entry) => entry.id === currency)
    if (!purchase) {
      const ids = offer.purchaseCurrencies.map((entry) => entry.id).join(', ')
      throw invalid('purchaseCurrency', `must be one of ${ids}`)
    }
    const chain = purchase.networks.find((entry) => entry.name === network)
    if (!chain) throw invalid('network', `${currency} is not offered on this network`)
    return chain.chain_id
  }

  function checkAmount(offer: OnRampOptionsResponse, input: OnRampQuoteInput) {
    const payment = offer.paymentCurrencies.find((entry) => entry.id === input.paymentCurrency)
    if (!payment) {
      const ids = offer.paymentCurrencies.map((entry) => entry.id).join(', ')
      throw invalid('paymentCurrency', `must be one of ${ids}`)
    }
    const limit = payment.payment_method_limits.find((entry) => entry.id === input.paymentMethod)
    if (!limit) throw invalid('paymentMethod', `${input.paymentMethod} is not offered for ${payment.id}`)
    if (!withinLimits(input.amount, limit))
      throw invalid('amount', `must be between ${limit.min} and ${limit.max} ${payment.id} by ${limit.id}`)
  }

  /** Spec §7's "mocked quote": priced from the API's own price source, in USD only. */
  async function estimate(input: OnRampQuoteInput, chainId: number): Promise<OnRampQuote> {
    const chain = context.chains.get(chainId)
    const key = priceKey(`eip155:${chainId}`, 'native')
    const price =
      chain?.config.nativeCurrency.symbol === input.purchaseCurrency && input.paymentCurrency === 'USD'
        ? (await context.prices.getPrices([key], 'usd')).get(key)
        : undefined
    if (!price) throw new ApiError('onRampUnavailable')
    return estimatedQuote(input, price)
  }

  return new Hono<ApiEnv>()
    .get(ONRAMP_PATHS.options, validQuery(OnRampOptionsQuerySchema), async (c) => c.json(await options()))
    .post(
      ONRAMP_PATHS.quote,
      validQuery(OnRampQuoteQuerySchema),
      ...requireJsonBody,
      validJson(OnRampQuoteRequestSchema),
      async (c) => {
        const input = c.req.valid('json')
        const offer = await options()
        checkAmount(offer, input)
        const chainId = offeredChain(offer, input.purchaseCurrency, input.network)
        if (provider && !offer.fallback) {
          try {
            const quote: OnRampQuote = { ...(await provider.quote(input, signal())), estimated: false }
            return c.json(quote)
          } catch (error) {
            if (error instanceof OnRampRequestError) throw new ApiError('invalidInput', error.message)
            providerFailed('quote', error)
          }
        }
        return c.json(await estimate(input, chainId))
      },
    )
    .post(
      ONRAMP_PATHS.widgetUrl,
      validQuery(OnRampUrlQuerySchema),
      ...requireJsonBody,
      validJson(OnRampUrlRequestSchema),
      async (c) => {
        const request = c.req.valid('json')
        const wallet = request.destinationWallets[0]!
        const network = request.defaultNetwork ?? wallet.blockchains[0]!
        if (!wallet.blockchains.includes(network))
          throw invalid('defaultNetwork', "must be one of the destination wallet's blockchains")
        const offer = await options()
        if (!provider || offer.fallback) throw new ApiError('onRampUnavailable')
        const asset =
          request.defaultAsset ??
          wallet.assets?.[0] ??
          offer.purchaseCurrencies.find((entry) => entry.networks.some((n) => n.name === network))?.id
        if (!asset) throw invalid('defaultNetwork', 'nothing is offered on this network')
        offeredChain(offer, asset, network)
        const fiatCurrency = request.fiatCurrency ?? 'USD'
        if (!offer.paymentCurrencies.some((entry) => entry.id === fiatCurrency))
          throw invalid(
            'fiatCurrency',
            `must be one of ${offer.paymentCurrencies.map((e) => e.id).join(', ')}`,
          )
        let url: string
        try {
          url = await provider.widgetUrl(
            {
              address: wallet.address,
              network,
              asset,
              partnerUserId: request.partnerUserId,
              presetFiatAmount: request.presetFiatAmount,
              presetCryptoAmount: request.presetCryptoAmount,
              fiatCurrency,
            },
            signal(),
          )
        } catch (error) {
          if (error instanceof OnRampRequestError) throw new ApiError('invalidInput', error.message)
          providerFailed('widget URL', error)
          throw new ApiError('onRampUnavailable')
        }
        // The modal opens this in a window: never anything but a web page.
        if (!/^https?:\/\//.test(url)) {
          providerFailed('widget URL', new Error('not an http(s) URL'))
          throw new ApiError('onRampUnavailable')
        }
        const body: OnRampUrlResponse = { url }
        return c.json(body)
      },
    )
}
