import * as z from 'zod/mini'
import { ApiClientQuerySchema, BooleanQuerySchema, CurrencySchema } from './common.ts'

/**
 * `GET /v1/account/{address}/balance?chainId=bip122:<genesis hash prefix>` (issue 15 point 5): the
 * BTC balance of a Bitcoin address, read from the Esplora-compatible API the deployment configures
 * for that network (`WF_ESPLORA_URLS`). A network without one answers BITCOIN_BALANCES_UNAVAILABLE
 * (API_ERRORS.bitcoinBalancesUnavailable), never a 0 balance.
 */

/** A CAIP-2 `bip122:<32 hex>` network id (the genesis block hash's first 16 bytes). */
export const Bip122NetworkIdSchema = z
  .string()
  .check(
    z.regex(
      /^bip122:[0-9a-f]{32}$/,
      'must be a CAIP-2 network id such as bip122:000000000019d6689c085ae165831e93',
    ),
  )

/**
 * A Bitcoin address's shape: bech32/bech32m segwit (`bc1…`, `tb1…`, one case) or base58 P2PKH/P2SH
 * (mainnet `1…`/`3…`, testnet `m…`/`n…`/`2…`). The checksum is the Esplora API's to check. An
 * upper-case segwit address (as QR codes carry them) is the same address: lower-cased.
 */
export const Bip122AddressSchema = z.pipe(
  z
    .string()
    .check(
      z.regex(
        /^((bc|tb)1[02-9ac-hj-np-z]{8,87}|(BC|TB)1[02-9AC-HJ-NP-Z]{8,87}|[123mn][1-9A-HJ-NP-Za-km-z]{25,34})$/,
        'must be a Bitcoin address',
      ),
    ),
  z.transform((value) => (/^(BC|TB)1/.test(value) ? value.toLowerCase() : value)),
)

export const Bip122BalanceParamsSchema = z.object({ address: Bip122AddressSchema })

/** The query of a bip122 balance: `chainId` names the network; `forceUpdate` skips the 30 s cache. */
export const Bip122BalanceQuerySchema = z.extend(ApiClientQuerySchema, {
  currency: z._default(CurrencySchema, 'usd'),
  chainId: Bip122NetworkIdSchema,
  forceUpdate: z.optional(BooleanQuerySchema),
})
export type Bip122BalanceQuery = z.infer<typeof Bip122BalanceQuerySchema>

/** The CAIP-19 asset id of a Bitcoin network's native coin (SLIP-44 coin type 0): a balance's `address`. */
export const bip122NativeAsset = (caipNetworkId: string) => `${caipNetworkId}/slip44:0`
