import * as z from 'zod/mini'
import { CAIP2_PATTERN } from '../caip.ts'
import { LIMITS } from '../constants.ts'
import { AnalyticsPropsSchema } from './analytics.ts'
import { ApiClientQuerySchema } from './common.ts'

/** Paths of the wallet-service API (spec §7), in hono's `:param` notation. */
export const REGISTRY_PATHS = {
  wallets: '/getWallets',
  walletImage: '/getWalletImage/:id',
  assetImage: '/public/getAssetImage/:id',
  currencyImage: '/public/getCurrencyImage/:id',
  tokenImage: '/public/getTokenImage/:id',
  analyticsConfig: '/getAnalyticsConfig',
  analyticsEvent: '/e',
} as const

export const REGISTRY_LIMITS = {
  /** spec §9: the AllWallets view asks for 40 a page. */
  defaultEntries: LIMITS.walletsPerPage,
  /** spec §9: a search asks for 100 entries, the largest page the modal ever needs. */
  maxEntries: LIMITS.walletSearchEntries,
  /** A search answers at most this many wallets in all: it is a type-ahead, not a way to page the catalogue. */
  searchResults: LIMITS.walletSearchEntries,
  /** Far beyond any catalogue (400 000 wallets at 40 a page); anything larger is a client bug. */
  maxPage: 10_000,
  maxSearchLength: 100,
  /** Ids in `include` or `exclude`: featured + custom + excluded wallets of one project. */
  maxListIds: 200,
  maxChains: 32,
  /** An analytics event is a few hundred bytes; 16 KiB leaves room for props and bounds abuse. */
  maxEventBytes: 16 * 1024,
  maxUrlLength: 2_048,
} as const

/** Registry ids are 64 lower-case hex characters (a sha-256), as in the public wallet registries. */
export const WALLET_ID_PATTERN = /^[0-9a-f]{64}$/
/** Wallet image ids are UUIDs: the image can change without the wallet id changing. */
export const IMAGE_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
/** Network and connector image ids (`imageId` of spec §3): UUIDs or short slugs. */
export const ASSET_IMAGE_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/
/** Token and currency images are asked for by symbol (`USD`, `ETH`, `USDC.e`). */
export const SYMBOL_IMAGE_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,31}$/

export const WALLET_BADGE_TYPES = ['none', 'certified'] as const
export const WalletBadgeTypeSchema = z.enum(WALLET_BADGE_TYPES, 'must be none or certified')
export type WalletBadgeType = z.infer<typeof WalletBadgeTypeSchema>

/**
 * spec §3 "Wallet listing entry". `installed` is always false from the server: only the host page
 * can see what is installed, and the modal sets it. `badge_type` is what the `badge_type` filter
 * reads, so the modal can draw the badge without a second call.
 */
export const WalletListingEntrySchema = z.object({
  id: z.string().check(z.regex(WALLET_ID_PATTERN)),
  name: z.string(),
  image_id: z.string().check(z.regex(IMAGE_ID_PATTERN)),
  rdns: z.nullable(z.string()),
  /** CAIP-2 ids the wallet supports. */
  chains: z.array(z.string()),
  /** A deep-link scheme (`harborwallet://`) or a universal link; null when there is no mobile app. */
  mobile_link: z.nullable(z.string()),
  desktop_link: z.nullable(z.string()),
  webapp_link: z.nullable(z.string()),
  badge_type: WalletBadgeTypeSchema,
  installed: z.boolean(),
})
export type WalletListingEntry = z.infer<typeof WalletListingEntrySchema>

/** A whole number from a query string: digits only, so `1e3`, `0x10`, ` 1` and `1.0` are refused. */
const wholeNumber = (min: number, max: number, fallback: number) =>
  z._default(
    z.pipe(
      z.pipe(
        z.string().check(z.regex(/^[0-9]{1,9}$/, `must be a whole number from ${min} to ${max}`)),
        z.transform(Number),
      ),
      z
        .number()
        .check(
          z.gte(min, `must be a whole number from ${min} to ${max}`),
          z.lte(max, `must be a whole number from ${min} to ${max}`),
        ),
    ),
    fallback,
  )

/**
 * A comma-separated list, as the modal's HTTP helper sends arrays. Empty (`include=`) is no list.
 * The raw string is bounded first, so a huge value is refused before it is split.
 */
const commaList = <T extends z.ZodMiniType<string, string>>(item: T, maxItems: number, itemLabel: string) =>
  z.pipe(
    z.pipe(
      z.string().check(z.maxLength(maxItems * 80, `lists too many ${itemLabel}`)),
      z.transform((value) => (value === '' ? [] : value.split(','))),
    ),
    z.array(item).check(z.maxLength(maxItems, `must list at most ${maxItems} ${itemLabel}`)),
  )

/**
 * spec §7 "Wallet-service API": the modal's HTTP helper appends its `clientId` to every call. It is
 * the modal's id on this browser (a random UUID made once and kept through the host page's storage,
 * STORAGE_KEYS.clientId): no account, address or project is in it. Optional, so an SDK from before
 * it keeps working; when present it must look like one.
 */
export const CLIENT_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9:._-]{0,127}$/
export const WalletServiceQuerySchema = z.extend(ApiClientQuerySchema, {
  clientId: z.optional(
    z
      .string()
      .check(
        z.regex(CLIENT_ID_PATTERN, 'must be 1-128 letters, digits, colons, dots, hyphens or underscores'),
      ),
  ),
})
export type WalletServiceQuery = z.infer<typeof WalletServiceQuerySchema>

export const WalletIdSchema = z
  .string()
  .check(z.regex(WALLET_ID_PATTERN, 'must be wallet ids (64 hex characters)'))

/**
 * `GET /getWallets` query (spec §7). `search` is matched case-insensitively against names;
 * `chains` keeps wallets supporting any of the listed networks; `include` keeps only the listed
 * ids, `exclude` drops them.
 */
export const GetWalletsQuerySchema = z.extend(WalletServiceQuerySchema, {
  page: wholeNumber(1, REGISTRY_LIMITS.maxPage, 1),
  entries: wholeNumber(1, REGISTRY_LIMITS.maxEntries, REGISTRY_LIMITS.defaultEntries),
  search: z.optional(
    z.string().check(z.maxLength(REGISTRY_LIMITS.maxSearchLength, 'must be at most 100 characters')),
  ),
  include: z.optional(commaList(WalletIdSchema, REGISTRY_LIMITS.maxListIds, 'ids')),
  exclude: z.optional(commaList(WalletIdSchema, REGISTRY_LIMITS.maxListIds, 'ids')),
  chains: z.optional(
    commaList(
      z.string().check(z.regex(CAIP2_PATTERN, 'must be CAIP-2 network ids such as eip155:1')),
      REGISTRY_LIMITS.maxChains,
      'chains',
    ),
  ),
  badge_type: z.optional(WalletBadgeTypeSchema),
})
export type GetWalletsQuery = z.infer<typeof GetWalletsQuerySchema>

/** `count` is the number of wallets matching the filters, over all pages. */
export const GetWalletsResponseSchema = z.object({
  data: z.array(WalletListingEntrySchema),
  count: z.number(),
})
export type GetWalletsResponse = z.infer<typeof GetWalletsResponseSchema>

/** The image routes carry the client parameters too (the modal fetches them as blobs). */
export const RegistryImageQuerySchema = WalletServiceQuerySchema

export const WalletImageParamsSchema = z.object({
  id: z.string().check(z.regex(IMAGE_ID_PATTERN, 'must be an image id (a UUID)')),
})
export const AssetImageParamsSchema = z.object({
  id: z
    .string()
    .check(z.regex(ASSET_IMAGE_ID_PATTERN, 'must be 1-64 letters, digits, dots, hyphens or underscores')),
})
export const SymbolImageParamsSchema = z.object({
  id: z
    .string()
    .check(
      z.regex(
        SYMBOL_IMAGE_ID_PATTERN,
        'must be a symbol of 1-32 letters, digits, dots, hyphens or underscores',
      ),
    ),
})

export const AnalyticsConfigQuerySchema = WalletServiceQuerySchema
export const AnalyticsConfigResponseSchema = z.object({ isAnalyticsEnabled: z.boolean() })
export type AnalyticsConfigResponse = z.infer<typeof AnalyticsConfigResponseSchema>

export const AnalyticsEventQuerySchema = ApiClientQuerySchema

/**
 * `POST /e` body (spec §7): one analytics event. `eventId` makes a retried send idempotent;
 * `timestamp` is milliseconds since the epoch as the client saw it; `props` is the event's own
 * payload (its type, name and properties, one closed shape per event: api/analytics.ts), kept as sent.
 */
export const AnalyticsEventSchema = z.object({
  eventId: z.uuid('must be a UUID'),
  url: z
    .string()
    .check(
      z.maxLength(REGISTRY_LIMITS.maxUrlLength, 'must be at most 2048 characters'),
      z.regex(/^https?:\/\/[^\s]+$/, 'must be an http(s) URL'),
    ),
  domain: z
    .string()
    .check(
      z.maxLength(253, 'must be at most 253 characters'),
      z.regex(/^[A-Za-z0-9.-]+(:[0-9]{1,5})?$/, 'must be a host name'),
    ),
  timestamp: z
    .int('must be a whole number of milliseconds since 1970')
    .check(z.gte(0, 'must not be negative')),
  props: AnalyticsPropsSchema,
})
export type AnalyticsEvent = z.infer<typeof AnalyticsEventSchema>
