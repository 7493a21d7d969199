import * as z from 'zod/mini'
import { EVM_ADDRESS_PATTERN, SOLANA_ADDRESS_PATTERN } from '../caip.ts'
import { MAX_PROJECT_ID_LENGTH } from '../constants.ts'

/** Paths of the data API (spec §7), in hono's `:param` notation. */
export const API_PATHS = {
  supportedChains: '/v1/supported-chains',
  identity: '/v1/identity/:address',
  history: '/v1/account/:account/history',
  balance: '/v1/account/:address/balance',
  fungiblePrice: '/v1/fungible/price',
  gasPrice: '/v1/convert/gas-price',
  profileAccount: '/v1/profile/account/:name',
  profileReverse: '/v1/profile/reverse/:address',
  profileSuggestions: '/v1/profile/suggestions/:name',
  profileRegister: '/v1/profile/account',
  swapTokens: '/v1/convert/tokens',
  swapQuotes: '/v1/convert/quotes',
  swapAllowance: '/v1/convert/allowance',
  swapBuildApprove: '/v1/convert/build-approve',
  swapBuildTransaction: '/v1/convert/build-transaction',
} as const

export const API_LIMITS = {
  /** Transactions per history page. */
  historyPageSize: 20,
  /** Tokens per `POST /v1/fungible/price`. */
  maxPriceAddresses: 100,
  /** Any request body; the largest legitimate one (100 CAIP-10 addresses) is about 7 KB. */
  maxBodyBytes: 64 * 1024,
  maxCursorLength: 128,
} as const

/** Currencies prices and values can be asked in. */
export const API_CURRENCIES = ['usd'] as const
export type ApiCurrency = (typeof API_CURRENCIES)[number]

/**
 * The conventional placeholder for a chain's native currency where a token address is expected
 * (price requests, balance entries), so every entry has a CAIP-10 address.
 */
export const NATIVE_TOKEN_ADDRESS = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER)

/**
 * Whether the decimal chain id of a `eip155:<id>[:…]` string is a safe integer.
 * zod runs every check even after the format check failed, so this must not throw on any string.
 */
function safeChainId(value: string): boolean {
  const reference = value.split(':')[1] ?? ''
  return !/^[0-9]{1,20}$/.test(reference) || BigInt(reference) <= MAX_SAFE
}
const sdkLabel = z
  .string()
  .check(
    z.minLength(1, 'is required'),
    z.maxLength(64, 'must be at most 64 characters'),
    z.regex(/^[\w.+@/-]+$/, 'must be letters, digits or . + @ / - _'),
  )

/**
 * What every call carries as query parameters (spec §7): the project id and the SDK's type (`st`)
 * and version (`sv`). Route query shapes extend it.
 */
export const ApiClientQuerySchema = z.object({
  projectId: z
    .string()
    .check(
      z.minLength(1, 'is required'),
      z.maxLength(MAX_PROJECT_ID_LENGTH, `must be at most ${MAX_PROJECT_ID_LENGTH} characters`),
    ),
  st: sdkLabel,
  sv: sdkLabel,
})
export type ApiClientQuery = z.infer<typeof ApiClientQuerySchema>

/** An EVM address as spec §5 allows it (`0x` optional), normalised to lower-case `0x…`. */
export const ApiAddressSchema = z.pipe(
  z.string().check(z.regex(EVM_ADDRESS_PATTERN, 'must be an EVM address (0x and 40 hex characters)')),
  z.transform((value) => `0x${value.replace(/^0x/, '').toLowerCase()}` as `0x${string}`),
)

/**
 * The address a Solana balance entry gives SOL (CAIP-10 `solana:<ref>:So111…111`), as AppKit's
 * clients know it; distinct from the wrapped-SOL mint (`So111…112`).
 */
export const SOLANA_NATIVE_TOKEN_ADDRESS = 'So11111111111111111111111111111111111111111'

/**
 * An account of a namespace the data API serves balances for (spec §6: eip155 and solana): an EVM
 * address, normalised to lower-case `0x…`, or a Solana base58 address, kept as it is (case matters).
 * A normalised EVM address starts with `0x`; a base58 one never contains `0`.
 */
export const BalanceAddressSchema = z.pipe(
  z
    .string()
    .check(
      z.refine(
        (value) => EVM_ADDRESS_PATTERN.test(value) || SOLANA_ADDRESS_PATTERN.test(value),
        'must be an EVM address (0x and 40 hex characters) or a Solana address (base58)',
      ),
    ),
  z.transform((value) =>
    EVM_ADDRESS_PATTERN.test(value) ? `0x${value.replace(/^0x/, '').toLowerCase()}` : value,
  ),
)

/** A CAIP-2 `solana:<first 32 characters of the genesis hash>` network id. */
export const SOLANA_NETWORK_ID_PATTERN = /^solana:[1-9A-HJ-NP-Za-km-z]{32}$/

/** A CAIP-2 `eip155:<id>` network id whose id is a positive safe integer. */
export const Eip155NetworkIdSchema = z.string().check(
  z.regex(/^eip155:[1-9][0-9]{0,19}$/, 'must be a CAIP-2 network id such as eip155:1'),
  z.refine((value) => safeChainId(value), 'Invalid chainId'),
)

/** A CAIP-2 network id of a namespace the data API serves balances for: eip155 or solana. */
export const BalanceNetworkIdSchema = z
  .string()
  .check(
    z.refine(
      (value) => Eip155NetworkIdSchema.safeParse(value).success || SOLANA_NETWORK_ID_PATTERN.test(value),
      'must be a CAIP-2 network id such as eip155:1 or solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    ),
  )

/** A CAIP-10 `eip155:<id>:<address>` token address; the native currency is NATIVE_TOKEN_ADDRESS. */
export const Eip155TokenAddressSchema = z.string().check(
  z.regex(/^eip155:[1-9][0-9]{0,19}:0x[0-9a-fA-F]{40}$/, 'must be a CAIP-10 address such as eip155:1:0x…'),
  z.refine((value) => safeChainId(value), 'Invalid chainId'),
)

/** A boolean query flag: only the literal strings `true` and `false`. */
export const BooleanQuerySchema = z.pipe(
  z.enum(['true', 'false'], 'must be true or false'),
  z.transform((value) => value === 'true'),
)

export const CurrencySchema = z.enum(API_CURRENCIES, `must be one of: ${API_CURRENCIES.join(', ')}`)
