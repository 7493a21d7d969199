/**
 * The one interface an on-ramp provider implements (docs/onramp.md): what can be bought and paid
 * with, a quote, and the URL of the provider's hosted checkout (its widget). The routes add the
 * fallbacks of spec §7 and §9 around it, so a provider only speaks its own API. Any rejection
 * counts as the provider failing; `OnRampRequestError` is for a request the provider refused as
 * wrong (an amount outside its limits), which the API answers as the client's mistake.
 */
import type {
  OnRampProviderInfo,
  OnRampQuote,
  OnRampUrlRequest,
  PaymentCurrency,
  PurchaseCurrency,
} from '@walletframe/protocol'

export interface OnRampProviderOptions {
  purchaseCurrencies: PurchaseCurrency[]
  paymentCurrencies: PaymentCurrency[]
}

export interface OnRampQuoteInput {
  purchaseCurrency: string
  paymentCurrency: string
  /** Decimal string in the payment currency, at most two decimals. */
  amount: string
  /** A network name from the options (e.g. `base`). */
  network: string
  paymentMethod: 'card' | 'bank'
}

/** The widget request with the destination resolved: one wallet, one network, one asset. */
export interface OnRampWidgetInput {
  address: `0x${string}`
  network: string
  asset: string
  partnerUserId: string
  presetFiatAmount?: number | undefined
  presetCryptoAmount?: number | undefined
  fiatCurrency: string
}

export interface OnRampProvider {
  readonly info: OnRampProviderInfo
  options(signal: AbortSignal): Promise<OnRampProviderOptions>
  quote(input: OnRampQuoteInput, signal: AbortSignal): Promise<Omit<OnRampQuote, 'estimated'>>
  /** A URL the user's browser opens in a new window. */
  widgetUrl(input: OnRampWidgetInput, signal: AbortSignal): Promise<string>
}

/** The provider turned the request down as wrong; its message is safe to show. */
export class OnRampRequestError extends Error {
  override readonly name = 'OnRampRequestError'
}

export type { OnRampUrlRequest }
