/**
 * The wire protocol of the on-ramp sandbox (apps/onramp-sandbox): the stand-in for a fiat payment
 * provider, which cannot exist offline. It speaks as such providers do: a bearer-key REST API for
 * assets, quotes and checkout sessions, a hosted checkout page the user pays on, and orders whose
 * status can be read. The data API's sandbox provider is its client (docs/onramp.md).
 */
import * as z from 'zod/mini'
import { FIAT_AMOUNT_PATTERN, ONRAMP_PAYMENT_METHODS } from './onramp.ts'

export const SANDBOX_PATHS = {
  assets: '/api/v1/assets',
  quotes: '/api/v1/quotes',
  sessions: '/api/v1/sessions',
  order: '/api/v1/orders/:id',
  /** The hosted checkout page (GET) and its payment form (POST). */
  checkout: '/checkout/:id',
} as const

/** The sandbox's API key in dev and tests (not a secret: only the sandbox accepts it). */
export const SANDBOX_DEV_API_KEY = 'sandbox_sk_walletframe_dev'

/**
 * Test cards, as real providers' sandboxes publish them. Any other well-formed card number is
 * declined as unknown; the decline texts are what the checkout page shows.
 */
export const SANDBOX_TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const

export const SANDBOX_DECLINES = {
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  unknownCard: 'This card is not a sandbox test card.',
} as const

/**
 * A fiat amount the sandbox's quote endpoint answers with 503, so a test (or a person) can see the
 * data API fall back to its estimated quote.
 */
export const SANDBOX_QUOTE_OUTAGE_AMOUNT = '99.99'

const Amount = z.string().check(z.regex(FIAT_AMOUNT_PATTERN, 'must be an amount with at most two decimals'))
const Code = z.string().check(z.regex(/^[A-Z0-9]{2,10}$/, 'must be a currency code'))
const NetworkId = z.string().check(z.regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'must be a network id'))

export const SandboxAssetsSchema = z.object({
  fiat: z.array(
    z.object({
      code: z.string(),
      limits: z.array(z.object({ method: z.enum(ONRAMP_PAYMENT_METHODS), min: z.string(), max: z.string() })),
    }),
  ),
  crypto: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      networks: z.array(z.object({ id: z.string(), name: z.string(), chainId: z.number() })),
    }),
  ),
  /** Percent of the fiat amount, as the sandbox charges it. */
  processingFeePercent: z.number(),
})
export type SandboxAssets = z.infer<typeof SandboxAssetsSchema>

export const SandboxQuoteRequestSchema = z.object({
  fiatCurrency: Code,
  fiatAmount: Amount,
  cryptoCurrency: Code,
  network: NetworkId,
  paymentMethod: z.enum(ONRAMP_PAYMENT_METHODS),
})
export type SandboxQuoteRequest = z.infer<typeof SandboxQuoteRequestSchema>

export const SandboxQuoteSchema = z.object({
  id: z.string(),
  fiatCurrency: z.string(),
  fiatAmount: z.string(),
  processingFee: z.string(),
  networkFee: z.string(),
  /** fiatAmount plus the fees. */
  totalAmount: z.string(),
  cryptoCurrency: z.string(),
  cryptoAmount: z.string(),
  network: z.string(),
  expiresAt: z.string(),
})
export type SandboxQuote = z.infer<typeof SandboxQuoteSchema>

export const SandboxSessionRequestSchema = z.object({
  walletAddress: z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/, 'must be an EVM address')),
  network: NetworkId,
  cryptoCurrency: Code,
  fiatCurrency: Code,
  fiatAmount: z.optional(Amount),
  cryptoAmount: z.optional(z.string().check(z.regex(/^[0-9]{1,12}(\.[0-9]{1,18})?$/, 'must be an amount'))),
  externalCustomerId: z.string().check(z.minLength(1), z.maxLength(64)),
})
export type SandboxSessionRequest = z.infer<typeof SandboxSessionRequestSchema>

export const SandboxSessionSchema = z.object({ id: z.string(), checkoutUrl: z.string() })
export type SandboxSession = z.infer<typeof SandboxSessionSchema>

export const SANDBOX_ORDER_STATUSES = [
  'awaiting_payment',
  'processing',
  'completed',
  'declined',
  'failed',
] as const

export const SandboxOrderSchema = z.object({
  id: z.string(),
  status: z.enum(SANDBOX_ORDER_STATUSES),
  walletAddress: z.string(),
  network: z.string(),
  cryptoCurrency: z.string(),
  cryptoAmount: z.optional(z.string()),
  fiatCurrency: z.string(),
  fiatAmount: z.optional(z.string()),
  /** The devnet transaction that credited the wallet. */
  transactionHash: z.optional(z.string()),
  declineReason: z.optional(z.string()),
})
export type SandboxOrder = z.infer<typeof SandboxOrderSchema>

/** Every non-2xx answer of the sandbox's API. */
export const SandboxErrorSchema = z.object({ error: z.object({ type: z.string(), message: z.string() }) })
export type SandboxError = z.infer<typeof SandboxErrorSchema>
