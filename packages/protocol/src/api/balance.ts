import * as z from 'zod/mini'
import {
  ApiAddressSchema,
  ApiClientQuerySchema,
  BooleanQuerySchema,
  CurrencySchema,
  Eip155NetworkIdSchema,
} from './common.ts'

/** `GET /v1/account/{address}/balance` path parameters. */
export const BalanceParamsSchema = z.object({ address: ApiAddressSchema })

/**
 * `GET /v1/account/{address}/balance` query (spec §7): without `chainId`, every supported chain.
 * `forceUpdate=true` skips the 30 s cache (spec §9).
 */
export const BalanceQuerySchema = z.extend(ApiClientQuerySchema, {
  currency: z._default(CurrencySchema, 'usd'),
  chainId: z.optional(Eip155NetworkIdSchema),
  forceUpdate: z.optional(BooleanQuerySchema),
})
export type BalanceQuery = z.infer<typeof BalanceQuerySchema>

/** spec §3 "Token balance": one native currency or ERC-20 token on one chain. */
export const TokenBalanceSchema = z.object({
  name: z.string(),
  symbol: z.string(),
  /** CAIP-2, e.g. `eip155:31337`. */
  chainId: z.string(),
  /** CAIP-10; the native currency is `eip155:<id>:0xeeee…eeee` (NATIVE_TOKEN_ADDRESS). */
  address: z.string(),
  /** Value of the quantity in the requested currency (0 when there is no price). */
  value: z.number(),
  /** Price of one unit in the requested currency (0 when unknown). */
  price: z.number(),
  /** `decimals` as a string and `numeric` as a decimal string in whole units ("1.5"), as the modal reads them. */
  quantity: z.object({ decimals: z.string(), numeric: z.string() }),
  iconUrl: z.string(),
})
export type TokenBalance = z.infer<typeof TokenBalanceSchema>

export const BalanceResponseSchema = z.object({ balances: z.array(TokenBalanceSchema) })
export type BalanceResponse = z.infer<typeof BalanceResponseSchema>

/** spec §3 "Wallet asset response entry" (wallet_getAssets): raw hex balance and metadata. */
export const WalletAssetSchema = z.object({
  address: z.string(),
  balance: z.string().check(z.regex(/^0x[0-9a-f]+$/)),
  type: z.enum(['ERC20', 'NATIVE']),
  metadata: z.object({
    name: z.string(),
    symbol: z.string(),
    decimals: z.number(),
    price: z.optional(z.number()),
    value: z.optional(z.number()),
    iconUrl: z.optional(z.string()),
  }),
})
export type WalletAsset = z.infer<typeof WalletAssetSchema>
