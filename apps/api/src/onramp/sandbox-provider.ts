/**
 * The on-ramp sandbox (apps/onramp-sandbox) behind the provider interface: the reference for an
 * operator adding a real provider (docs/onramp.md). It maps the provider's own API (assets, quotes,
 * checkout sessions, bearer key) onto the API's shapes; a refusal the provider explains as the
 * request's fault (4xx but 401/429) becomes OnRampRequestError, anything else a provider failure.
 */
import {
  ONRAMP_DEFAULTS,
  SANDBOX_PATHS,
  SandboxAssetsSchema,
  SandboxErrorSchema,
  SandboxQuoteSchema,
  SandboxSessionSchema,
} from '@walletframe/protocol'
import type { OnRampConfig } from '../config.ts'
import { type OnRampProvider, OnRampRequestError } from './provider.ts'

export interface SandboxProviderOptions {
  /** The sandbox's origin, e.g. http://127.0.0.1:5181. */
  url: string
  apiKey: string
  fetch?: typeof fetch
}

interface Parser<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false }
}

export function createSandboxProvider(options: SandboxProviderOptions): OnRampProvider {
  const base = options.url.replace(/\/+$/, '')
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis)

  async function call<T>(path: string, body: unknown, schema: Parser<T>, signal: AbortSignal): Promise<T> {
    const response = await doFetch(`${base}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        authorization: `Bearer ${options.apiKey}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal,
    })
    const json: unknown = await response.json().catch(() => undefined)
    if (!response.ok) {
      const error = SandboxErrorSchema.safeParse(json)
      const message = error.success ? error.data.error.message : `HTTP ${response.status}`
      const requestFault =
        response.status >= 400 && response.status < 500 && ![401, 403, 429].includes(response.status)
      if (requestFault) throw new OnRampRequestError(message)
      throw new Error(`on-ramp sandbox ${path}: ${response.status} ${message}`)
    }
    const parsed = schema.safeParse(json)
    if (!parsed.success) throw new Error(`on-ramp sandbox ${path}: unexpected answer`)
    return parsed.data
  }

  return {
    info: {
      id: 'sandbox',
      name: 'Sandbox Pay',
      feeRange: { ...ONRAMP_DEFAULTS.feeRange },
      sandbox: true,
    },
    async options(signal) {
      const assets = await call(SANDBOX_PATHS.assets, undefined, SandboxAssetsSchema, signal)
      return {
        purchaseCurrencies: assets.crypto.map((currency) => ({
          id: currency.code,
          name: currency.name,
          symbol: currency.code,
          networks: currency.networks.map((network) => ({
            name: network.id,
            display_name: network.name,
            chain_id: network.chainId,
          })),
        })),
        paymentCurrencies: assets.fiat.map((fiat) => ({
          id: fiat.code,
          payment_method_limits: fiat.limits.map((limit) => ({
            id: limit.method,
            min: limit.min,
            max: limit.max,
          })),
        })),
      }
    },
    async quote(input, signal) {
      const quote = await call(
        SANDBOX_PATHS.quotes,
        {
          fiatCurrency: input.paymentCurrency,
          fiatAmount: input.amount,
          cryptoCurrency: input.purchaseCurrency,
          network: input.network,
          paymentMethod: input.paymentMethod,
        },
        SandboxQuoteSchema,
        signal,
      )
      const fiat = (value: string) => ({ value, currency: quote.fiatCurrency })
      return {
        quoteId: quote.id,
        purchaseAmount: { value: quote.cryptoAmount, currency: quote.cryptoCurrency },
        paymentSubtotal: fiat(quote.fiatAmount),
        paymentTotal: fiat(quote.totalAmount),
        fees: [
          { type: 'provider', ...fiat(quote.processingFee) },
          { type: 'network', ...fiat(quote.networkFee) },
        ],
      }
    },
    async widgetUrl(input, signal) {
      const session = await call(
        SANDBOX_PATHS.sessions,
        {
          walletAddress: input.address,
          network: input.network,
          cryptoCurrency: input.asset,
          fiatCurrency: input.fiatCurrency,
          ...(input.presetFiatAmount === undefined ? {} : { fiatAmount: input.presetFiatAmount.toFixed(2) }),
          ...(input.presetCryptoAmount === undefined
            ? {}
            : { cryptoAmount: input.presetCryptoAmount.toFixed(8) }),
          externalCustomerId: input.partnerUserId,
        },
        SandboxSessionSchema,
        signal,
      )
      return session.checkoutUrl
    },
  }
}

/** The provider the configuration names: the sandbox, or none. */
export function onRampFromConfig(config: OnRampConfig | undefined): OnRampProvider | undefined {
  return config?.provider === 'sandbox' ? createSandboxProvider(config) : undefined
}
