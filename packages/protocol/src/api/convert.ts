/**
 * The data API's swap routes (spec §7 `/v1/convert/*`), in the shapes AppKit's clients send and
 * read: token addresses are CAIP-10 (`eip155:<id>:0x…`, the native currency NATIVE_TOKEN_ADDRESS),
 * amounts are decimal strings of base units (wei, 10^-6 dUSD…), so no precision is lost in JSON.
 */
import * as z from 'zod/mini'
import {
  ApiAddressSchema,
  ApiClientQuerySchema,
  Eip155NetworkIdSchema,
  Eip155TokenAddressSchema,
} from './common.ts'

/** Spec §9: the slippage tolerance the modal swaps with, in percent. */
export const SWAP_SLIPPAGE_PERCENT = 1

/**
 * Spec §9: the eip155 chains a production swap provider serves (Ethereum, Arbitrum, Optimism, zkSync,
 * Base, BNB, Polygon, Gnosis, Avalanche, Fantom, Kaia, Aurora). A provider declares its own list;
 * this is the default of one that follows the spec (docs/swap.md).
 */
export const SWAP_CHAIN_IDS: readonly number[] = [
  1, 42161, 10, 324, 8453, 56, 137, 100, 43114, 250, 8217, 1313161554,
]

/** Base units as a decimal string: digits only, no sign, no leading zeros, at most 78 digits (2^256). */
export const BaseUnitsSchema = z
  .string()
  .check(z.regex(/^(0|[1-9][0-9]{0,77})$/, 'must be a whole number of base units (decimal digits)'))

const PositiveBaseUnitsSchema = BaseUnitsSchema.check(
  z.refine((value) => value !== '0', 'must be more than 0'),
)

/**
 * An account as AppKit sends it: an EVM address, or its CAIP-10 form (`eip155:<id>:0x…`), normalised
 * to the lower-case address (the chain comes from the token addresses).
 */
export const SwapUserAddressSchema = z.pipe(
  z
    .string()
    .check(
      z.regex(
        /^(eip155:[1-9][0-9]{0,19}:)?(0x)?[0-9a-fA-F]{40}$/,
        'must be an EVM address or a CAIP-10 address such as eip155:1:0x…',
      ),
    ),
  z.transform((value) => ApiAddressSchema.parse(value.split(':').at(-1)!)),
)

/** `GET /v1/convert/tokens` query (spec §7). */
export const SwapTokensQuerySchema = z.extend(ApiClientQuerySchema, { chainId: Eip155NetworkIdSchema })

/** A token that can be swapped on the chain. */
export const SwapTokenSchema = z.object({
  name: z.string(),
  symbol: z.string(),
  /** CAIP-10, the native currency as NATIVE_TOKEN_ADDRESS. */
  address: z.string(),
  decimals: z.number(),
  logoUri: z.string(),
})
export type SwapToken = z.infer<typeof SwapTokenSchema>
export const SwapTokensResponseSchema = z.object({ tokens: z.array(SwapTokenSchema) })
export type SwapTokensResponse = z.infer<typeof SwapTokensResponseSchema>

/** `GET /v1/convert/quotes` query (spec §7): `amount` of `from`, in its base units. */
export const SwapQuoteQuerySchema = z.extend(ApiClientQuerySchema, {
  amount: PositiveBaseUnitsSchema,
  userAddress: SwapUserAddressSchema,
  from: Eip155TokenAddressSchema,
  to: Eip155TokenAddressSchema,
  /** Wei per gas; prices the swap's gas (`gasFee`). Without it the chain's current price is used. */
  gasPrice: z.optional(BaseUnitsSchema),
})
export type SwapQuoteQuery = z.infer<typeof SwapQuoteQuerySchema>

export const SwapQuoteSchema = z.object({
  fromAmount: z.string(),
  fromAccount: z.string(),
  toAmount: z.string(),
  toAccount: z.string(),
  /** How much worse than the pools' mid price this trade is, in percent (its own size moving it). */
  priceImpact: z.number(),
  /** Wei the swap transaction is expected to cost at the given gas price. */
  gasFee: z.string(),
})
export type SwapQuote = z.infer<typeof SwapQuoteSchema>
export const SwapQuotesResponseSchema = z.object({ quotes: z.array(SwapQuoteSchema) })
export type SwapQuotesResponse = z.infer<typeof SwapQuotesResponseSchema>

/** `GET /v1/convert/allowance` query (spec §7): what the swap contract may spend of the user's token. */
export const SwapAllowanceQuerySchema = z.extend(ApiClientQuerySchema, {
  tokenAddress: Eip155TokenAddressSchema,
  userAddress: SwapUserAddressSchema,
})
export const SwapAllowanceResponseSchema = z.object({ allowance: BaseUnitsSchema })
export type SwapAllowanceResponse = z.infer<typeof SwapAllowanceResponseSchema>

/**
 * `GET /v1/convert/build-approve` query (spec §7): an approval of `from` for swapping it into `to`.
 * `amount` (not in the spec's list) limits it; without it the approval is unlimited, as AppKit's.
 */
export const SwapBuildApproveQuerySchema = z.extend(ApiClientQuerySchema, {
  userAddress: SwapUserAddressSchema,
  from: Eip155TokenAddressSchema,
  to: Eip155TokenAddressSchema,
  amount: z.optional(PositiveBaseUnitsSchema),
})

/** `POST /v1/convert/build-transaction` query: the client parameters every call carries. */
export const SwapBuildTransactionQuerySchema = ApiClientQuerySchema

/** Percent, as AppKit sends it (`"1"`, `"0.5"`): more than 0, at most 50. */
const SlippageSchema = z.string().check(
  z.regex(/^(0|[1-9][0-9]?)(\.[0-9]{1,2})?$/, 'must be a percentage such as 1 or 0.5'),
  z.refine((value) => Number(value) > 0 && Number(value) <= 50, 'must be more than 0 and at most 50'),
)

/** `POST /v1/convert/build-transaction` body (spec §7). `projectId` may repeat the query's. */
export const SwapBuildTransactionRequestSchema = z.object({
  projectId: z.optional(z.string().check(z.maxLength(128))),
  amount: PositiveBaseUnitsSchema,
  from: Eip155TokenAddressSchema,
  to: Eip155TokenAddressSchema,
  userAddress: SwapUserAddressSchema,
  eip155: z._default(z.object({ slippage: z._default(SlippageSchema, String(SWAP_SLIPPAGE_PERCENT)) }), {
    slippage: String(SWAP_SLIPPAGE_PERCENT),
  }),
  /** Skip the gas estimate (a swap whose approval is not mined yet cannot be estimated). */
  disableEstimate: z.optional(z.boolean()),
})
export type SwapBuildTransactionRequest = z.infer<typeof SwapBuildTransactionRequestSchema>

/** A transaction for the user's wallet to send: `eth_sendTransaction` of `{ from, to, data, value, gas }`. */
export const SwapTransactionSchema = z.object({
  /** CAIP-10 of the user. */
  from: z.string(),
  /** CAIP-10 of the contract called (the token for an approval, the router for a swap). */
  to: z.string(),
  data: z.string().check(z.regex(/^0x([0-9a-f]{2})*$/)),
  /** Wei sent along, base units. */
  value: BaseUnitsSchema,
  eip155: z.object({ gas: BaseUnitsSchema, gasPrice: BaseUnitsSchema }),
})
export type SwapTransaction = z.infer<typeof SwapTransactionSchema>
export const SwapTransactionResponseSchema = z.object({ tx: SwapTransactionSchema })
export type SwapTransactionResponse = z.infer<typeof SwapTransactionResponseSchema>
