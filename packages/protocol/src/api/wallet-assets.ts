import * as z from 'zod/mini'

/**
 * A wallet's own answer about what an account holds (spec §3 "Wallet asset response entry", §7
 * "wallet capabilities and assets calls"): EIP-5792 `wallet_getCapabilities` says whether it offers
 * EIP-7811 asset discovery, and `wallet_getAssets` lists the assets per chain. The wallet is not
 * ours: every answer is checked here, and one that does not fit is not used (the modal asks the
 * data API instead).
 */

/** An EIP-155 chain id as the wallet RPC methods write it: `0x` and hex digits, no leading zeros. */
export const HEX_CHAIN_ID_PATTERN = /^0x(0|[1-9a-f][0-9a-f]{0,12})$/i
const HexChainIdSchema = z.string().check(z.regex(HEX_CHAIN_ID_PATTERN, 'must be a hex chain id'))

/** EIP-5792: capabilities per hex chain id (`0x0`: every chain). Only `assetDiscovery` is read. */
export const WalletCapabilitiesSchema = z.record(HexChainIdSchema, z.record(z.string(), z.unknown()))
export type WalletCapabilities = z.infer<typeof WalletCapabilitiesSchema>

/** EIP-7811 `wallet_getAssets` parameters, as the modal sends them: one account, one chain. */
export interface WalletGetAssetsRequest {
  account: `0x${string}`
  chainFilter: `0x${string}`[]
}

/** Largest decimals an ERC-20 may declare and still be shown (as the Network entity allows). */
export const WALLET_ASSET_MAX_DECIMALS = 36

/**
 * spec §3 "Wallet asset response entry": address (or `native`), a hex balance, a type (ERC20 or
 * NATIVE; EIP-7811 writes them in either case and allows others, such as ERC721, which the Tokens
 * list skips) and optional metadata. A balance is at most 256 bits, as on chain.
 */
export const WalletAssetSchema = z.object({
  address: z.string().check(z.regex(/^(native|0x[0-9a-fA-F]{40})$/, 'must be native or an address')),
  balance: z.string().check(z.regex(/^0x[0-9a-fA-F]{1,64}$/, 'must be a hex number of at most 256 bits')),
  type: z.string().check(z.minLength(1), z.maxLength(32)),
  metadata: z.optional(
    z.nullable(
      z.object({
        name: z.optional(z.string().check(z.maxLength(128))),
        symbol: z.optional(z.string().check(z.maxLength(32))),
        decimals: z.optional(z.int().check(z.gte(0), z.lte(WALLET_ASSET_MAX_DECIMALS))),
        price: z.optional(z.number().check(z.gte(0))),
        value: z.optional(z.number().check(z.gte(0))),
        iconUrl: z.optional(z.string().check(z.maxLength(100_000))),
      }),
    ),
  ),
})
export type WalletAsset = z.infer<typeof WalletAssetSchema>

/** EIP-7811 answer: assets per hex chain id. Bounded, so a wallet cannot flood the list. */
export const WalletAssetsResponseSchema = z.record(
  HexChainIdSchema,
  z.array(WalletAssetSchema).check(z.maxLength(500)),
)
export type WalletAssetsResponse = z.infer<typeof WalletAssetsResponseSchema>
