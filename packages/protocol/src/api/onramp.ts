/**
 * The on-ramp (Buy) part of the data API (spec §3 "On-ramp options", "On-ramp quote"; §7 routes; §9
 * constants). The API answers from a provider behind one interface (docs/onramp.md) and falls back
 * to the built-in defaults below when the provider fails (spec §7 "Caching and answers").
 */
import * as z from 'zod/mini'
import { ApiAddressSchema, ApiClientQuerySchema } from './common.ts'

export const ONRAMP_PATHS = {
  options: '/v1/onramp/options',
  quote: '/v1/onramp/quote',
  widgetUrl: '/v1/generators/onrampurl',
} as const

export const ONRAMP_PAYMENT_METHODS = ['card', 'bank'] as const
export type OnRampPaymentMethod = (typeof ONRAMP_PAYMENT_METHODS)[number]

/**
 * Spec §9 "On-ramp card chains" with their chain ids, the fallback network first: the networks the
 * built-in options offer when the provider gives none.
 */
export const ONRAMP_CARD_CHAINS = [
  { name: 'ethereum', display_name: 'Ethereum', chain_id: 1 },
  { name: 'arbitrum', display_name: 'Arbitrum', chain_id: 42161 },
  { name: 'polygon', display_name: 'Polygon', chain_id: 137 },
  { name: 'berachain', display_name: 'Berachain', chain_id: 80094 },
  { name: 'avalanche-c-chain', display_name: 'Avalanche C-Chain', chain_id: 43114 },
  { name: 'optimism', display_name: 'Optimism', chain_id: 10 },
  { name: 'celo', display_name: 'Celo', chain_id: 42220 },
  { name: 'base', display_name: 'Base', chain_id: 8453 },
] as const

/** Spec §9 on-ramp constants. Amounts are decimal strings in the payment currency. */
export const ONRAMP_DEFAULTS = {
  /** "On-ramp fallback limits: card 10.00 to 7500.00; bank account 10.00 to 25000.00". */
  limits: {
    card: { min: '10.00', max: '7500.00' },
    bank: { min: '10.00', max: '25000.00' },
  },
  /** "currencies USD and EUR". */
  paymentCurrencies: ['USD', 'EUR'],
  /** "fallback ethereum". */
  fallbackNetwork: 'ethereum',
  /** "Fee range for on-ramp providers shown as 1-2%". */
  feeRange: { minPercent: 1, maxPercent: 2 },
  /** How long the API keeps a provider's options before asking again. */
  optionsCacheMs: 60_000,
  /** How long the API waits for the provider before it falls back. */
  providerTimeoutMs: 5_000,
  /** After the provider failed on its options, how long the built-in ones are served before asking again. */
  fallbackRetryMs: 15_000,
} as const

/**
 * Spec §9 "Restricted time zones" (mainland China, Hong Kong, Macau): the IANA zones and their
 * legacy aliases. Buy is hidden when the browser's zone is one of them.
 */
export const ONRAMP_RESTRICTED_TIME_ZONES: readonly string[] = [
  'Asia/Shanghai',
  'Asia/Chongqing',
  'Asia/Chungking',
  'Asia/Harbin',
  'Asia/Urumqi',
  'Asia/Kashgar',
  'PRC',
  'Asia/Hong_Kong',
  'Hongkong',
  'Asia/Macau',
  'Asia/Macao',
]

/** A fiat amount: digits with at most two decimals, no sign or exponent. */
export const FIAT_AMOUNT_PATTERN = /^(0|[1-9][0-9]{0,8})(\.[0-9]{1,2})?$/

/** A fiat amount (FIAT_AMOUNT_PATTERN, or a limit such as "7500.00") in cents, exactly. */
export function fiatCents(amount: string): bigint {
  const [whole = '0', fraction = ''] = amount.split('.')
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'))
}

/** Cents as a fiat amount with two decimals ("101.60"). */
export const formatFiatCents = (cents: bigint) => `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`
const FiatAmountSchema = z
  .string()
  .check(z.regex(FIAT_AMOUNT_PATTERN, 'must be an amount such as 100 or 100.50 (at most two decimals)'))

const CurrencyCodeSchema = z
  .string()
  .check(z.regex(/^[A-Z0-9]{2,10}$/, 'must be a currency code such as USD'))
const NetworkNameSchema = z
  .string()
  .check(z.regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'must be a network name such as ethereum'))

// ---- options (spec §3 "On-ramp options") ----

export const OnRampNetworkSchema = z.object({
  name: z.string(),
  display_name: z.string(),
  chain_id: z.number(),
})
export type OnRampNetwork = z.infer<typeof OnRampNetworkSchema>

export const PurchaseCurrencySchema = z.object({
  id: z.string(),
  name: z.string(),
  symbol: z.string(),
  networks: z.array(OnRampNetworkSchema),
})
export type PurchaseCurrency = z.infer<typeof PurchaseCurrencySchema>

export const PaymentMethodLimitSchema = z.object({
  id: z.enum(ONRAMP_PAYMENT_METHODS),
  min: z.string(),
  max: z.string(),
})
export type PaymentMethodLimit = z.infer<typeof PaymentMethodLimitSchema>

export const PaymentCurrencySchema = z.object({
  id: z.string(),
  payment_method_limits: z.array(PaymentMethodLimitSchema),
})
export type PaymentCurrency = z.infer<typeof PaymentCurrencySchema>

export const OnRampProviderInfoSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Spec §9: shown as "1-2%". */
  feeRange: z.object({ minPercent: z.number(), maxPercent: z.number() }),
  /** A stand-in that moves no real money (docs/onramp.md). */
  sandbox: z.boolean(),
})
export type OnRampProviderInfo = z.infer<typeof OnRampProviderInfoSchema>

export const OnRampOptionsQuerySchema = ApiClientQuerySchema

export const OnRampOptionsResponseSchema = z.object({
  purchaseCurrencies: z.array(PurchaseCurrencySchema),
  paymentCurrencies: z.array(PaymentCurrencySchema),
  /** Undefined when no provider is configured. */
  provider: z.optional(OnRampProviderInfoSchema),
  /** True when these are the built-in defaults because the provider failed or there is none. */
  fallback: z.boolean(),
})
export type OnRampOptionsResponse = z.infer<typeof OnRampOptionsResponseSchema>

// ---- quote (spec §3 "On-ramp quote") ----

export const OnRampQuoteQuerySchema = ApiClientQuerySchema

/** `POST /v1/onramp/quote` body (spec §7): purchaseCurrency, paymentCurrency, amount, network. */
export const OnRampQuoteRequestSchema = z.object({
  purchaseCurrency: CurrencyCodeSchema,
  paymentCurrency: CurrencyCodeSchema,
  /** In the payment currency. */
  amount: FiatAmountSchema,
  network: NetworkNameSchema,
  paymentMethod: z._default(z.enum(ONRAMP_PAYMENT_METHODS, 'must be card or bank'), 'card'),
})
export type OnRampQuoteRequest = z.infer<typeof OnRampQuoteRequestSchema>

export const OnRampAmountSchema = z.object({ value: z.string(), currency: z.string() })
export type OnRampAmount = z.infer<typeof OnRampAmountSchema>

export const OnRampQuoteSchema = z.object({
  quoteId: z.string(),
  /** The crypto the user receives. */
  purchaseAmount: OnRampAmountSchema,
  /** What is paid before fees. */
  paymentSubtotal: OnRampAmountSchema,
  paymentTotal: OnRampAmountSchema,
  fees: z.array(z.object({ type: z.enum(['provider', 'network']), value: z.string(), currency: z.string() })),
  /** True for the API's own estimate when the provider did not answer (spec §7 "mocked quote"). */
  estimated: z.boolean(),
})
export type OnRampQuote = z.infer<typeof OnRampQuoteSchema>

// ---- widget URL (spec §7 generators/onrampurl) ----

export const OnRampUrlQuerySchema = ApiClientQuerySchema

export const OnRampUrlRequestSchema = z.object({
  destinationWallets: z
    .array(
      z.object({
        address: ApiAddressSchema,
        blockchains: z.array(NetworkNameSchema).check(z.minLength(1, 'must name a network'), z.maxLength(10)),
        assets: z.optional(z.array(CurrencyCodeSchema).check(z.maxLength(10))),
      }),
    )
    .check(z.minLength(1, 'must list one wallet'), z.maxLength(1, 'must list one wallet')),
  defaultNetwork: z.optional(NetworkNameSchema),
  /** The integrator's id of the user at the provider; the modal sends the address. */
  partnerUserId: z.string().check(z.minLength(1), z.maxLength(64, 'must be at most 64 characters')),
  defaultExperience: z._default(z.literal('buy', 'must be buy'), 'buy'),
  presetCryptoAmount: z.optional(z.number().check(z.positive('must be positive'))),
  presetFiatAmount: z.optional(z.number().check(z.positive('must be positive'))),
  /** The payment currency of presetFiatAmount (USD when absent). */
  fiatCurrency: z.optional(CurrencyCodeSchema),
  /** The crypto to buy (the destination's first asset when absent). */
  defaultAsset: z.optional(CurrencyCodeSchema),
})
export type OnRampUrlRequest = z.infer<typeof OnRampUrlRequestSchema>

export const OnRampUrlResponseSchema = z.object({ url: z.string() })
export type OnRampUrlResponse = z.infer<typeof OnRampUrlResponseSchema>
