import * as z from 'zod/mini'
import {
  ApiClientQuerySchema,
  BalanceAddressSchema,
  BalanceNetworkIdSchema,
  CurrencySchema,
  Eip155TokenAddressSchema,
} from './common.ts'

/** `GET /v1/account/{address}/balance` path parameters: an EVM or a Solana account (spec §6). */
export const BalanceParamsSchema = z.object({ address: BalanceAddressSchema })

/** A token `forceUpdate` names: its chain when given as CAIP-10, and its lower-case address. */
export interface ForceUpdateToken {
  caipNetworkId?: string
  address: `0x${string}`
}

/**
 * `forceUpdate` as AppKit's clients send it (issue 11 point 6): `true`/`false`, or the address of a
 * token just bought (hex, or CAIP-10 `eip155:<id>:0x…`), whose balance must be read fresh and
 * included even if the indexer has not seen the account use it yet. A token also skips the cache.
 */
export const ForceUpdateSchema = z.pipe(
  z.string().check(
    z.regex(
      /^(true|false|(eip155:[1-9][0-9]{0,19}:)?0x[0-9a-fA-F]{40})$/,
      'must be true, false, or a token address (0x… or eip155:<id>:0x…)',
    ),
    z.refine(
      (value) => value.split(':').length !== 3 || Eip155TokenAddressSchema.safeParse(value).success,
      'Invalid chainId',
    ),
  ),
  z.transform((value): boolean | ForceUpdateToken => {
    if (value === 'true' || value === 'false') return value === 'true'
    const parts = value.split(':')
    const address = parts.at(-1)!.toLowerCase() as `0x${string}`
    return parts.length === 3 ? { caipNetworkId: `${parts[0]}:${parts[1]}`, address } : { address }
  }),
)

/**
 * `GET /v1/account/{address}/balance` query (spec §7): without `chainId`, every supported chain of
 * the address's namespace. `forceUpdate` (true or a token address) skips the 30 s cache (spec §9);
 * its token form names ERC-20s only.
 */
export const BalanceQuerySchema = z.extend(ApiClientQuerySchema, {
  currency: z._default(CurrencySchema, 'usd'),
  chainId: z.optional(BalanceNetworkIdSchema),
  forceUpdate: z.optional(ForceUpdateSchema),
})
export type BalanceQuery = z.infer<typeof BalanceQuerySchema>

/** spec §3 "Token balance": one native currency or ERC-20 token on one chain. */
export const TokenBalanceSchema = z.object({
  name: z.string(),
  symbol: z.string(),
  /** CAIP-2, e.g. `eip155:31337`. */
  chainId: z.string(),
  /**
   * CAIP-10; the native currency is `eip155:<id>:0xeeee…eeee` (NATIVE_TOKEN_ADDRESS) or
   * `solana:<ref>:So111…111` (SOLANA_NATIVE_TOKEN_ADDRESS); an SPL token is its mint.
   */
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
