/**
 * The built-in answers of spec §7 ("On-ramp options fall back to built-in defaults on failure. The
 * quote falls back to a mocked quote") with the constants of spec §9: card 10.00–7,500.00, bank
 * 10.00–25,000.00, USD and EUR, ETH on the card chains where it is native; the estimate charges
 * the top of the 1–2 % fee range, so it never promises more than a provider would give.
 */
import {
  fiatCents,
  formatFiatCents,
  ONRAMP_CARD_CHAINS,
  ONRAMP_DEFAULTS,
  ONRAMP_PAYMENT_METHODS,
  type OnRampQuote,
} from '@walletframe/protocol'
import type { OnRampProviderOptions, OnRampQuoteInput } from './provider.ts'

/** The card chains whose native currency is ETH. */
const ETH_NATIVE_CHAINS = new Set(['ethereum', 'arbitrum', 'optimism', 'base'])

export function fallbackOptions(): OnRampProviderOptions {
  return {
    purchaseCurrencies: [
      {
        id: 'ETH',
        name: 'Ether',
        symbol: 'ETH',
        networks: ONRAMP_CARD_CHAINS.filter((chain) => ETH_NATIVE_CHAINS.has(chain.name)).map((chain) => ({
          ...chain,
        })),
      },
    ],
    paymentCurrencies: ONRAMP_DEFAULTS.paymentCurrencies.map((id) => ({
      id,
      payment_method_limits: ONRAMP_PAYMENT_METHODS.map((method) => ({
        id: method,
        ...ONRAMP_DEFAULTS.limits[method],
      })),
    })),
  }
}

/** Whether `amount` lies within the decimal strings `min` and `max`. */
export function withinLimits(amount: string, limit: { min: string; max: string }): boolean {
  const cents = fiatCents(amount)
  return cents >= fiatCents(limit.min) && cents <= fiatCents(limit.max)
}

/**
 * The API's own quote, marked estimated: the payment currency's price of the bought currency
 * (`unitPrice`) gives the amount, less the top fee.
 */
export function estimatedQuote(input: OnRampQuoteInput, unitPrice: number): OnRampQuote {
  const subtotal = fiatCents(input.amount)
  const fee = (subtotal * BigInt(ONRAMP_DEFAULTS.feeRange.maxPercent) + 99n) / 100n
  const purchase = Number(subtotal) / 100 / unitPrice
  return {
    quoteId: `estimate-${crypto.randomUUID()}`,
    purchaseAmount: { value: purchase.toFixed(8).replace(/\.?0+$/, ''), currency: input.purchaseCurrency },
    paymentSubtotal: { value: formatFiatCents(subtotal), currency: input.paymentCurrency },
    paymentTotal: { value: formatFiatCents(subtotal + fee), currency: input.paymentCurrency },
    fees: [{ type: 'provider', value: formatFiatCents(fee), currency: input.paymentCurrency }],
    estimated: true,
  }
}
