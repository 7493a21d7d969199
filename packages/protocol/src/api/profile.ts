import * as z from 'zod/mini'
import { ApiClientQuerySchema } from './common.ts'

/** A name of the names table: labels of letters, digits and hyphens joined by dots, case-insensitive. */
export const ProfileNameSchema = z.pipe(
  z
    .string()
    .check(
      z.maxLength(255, 'must be at most 255 characters'),
      z.regex(/^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*$/, 'must be letters, digits and hyphens, joined by dots'),
    ),
  z.transform((value) => value.toLowerCase()),
)

export const ProfileAccountParamsSchema = z.object({ name: ProfileNameSchema })

/** `GET /v1/profile/account/{name}` query (spec §7): `apiVersion` as AppKit's clients send it. */
export const ProfileAccountQuerySchema = z.extend(ApiClientQuerySchema, {
  apiVersion: z.optional(z.string().check(z.regex(/^[0-9]{1,3}$/, 'must be a number'))),
})

/**
 * The account a name resolves to (spec §7 "not shown"; AppKit reads `addresses['60'].address`, 60
 * being Ethereum's SLIP-44 coin type). An unknown name is a 404 NOT_FOUND.
 */
export const ProfileAccountResponseSchema = z.object({
  name: z.string(),
  addresses: z.record(z.string(), z.object({ address: z.string() })),
  avatar: z.nullable(z.string()),
})
export type ProfileAccountResponse = z.infer<typeof ProfileAccountResponseSchema>

/** SLIP-44 coin type of the EVM addresses in `addresses`. */
export const EVM_COIN_TYPE = '60'

/**
 * Name registration (spec §4 "Name registration", §5 "Names", §7 `/v1/profile/*`): names are
 * `<label>.<zone>`, registered by signing a JSON message; the zone is this deployment's own.
 */
export const NAME_RULES = {
  zone: 'wf',
  minLabelLength: 4,
  maxLabelLength: 63,
  /** Spec §7: a registration message older than this is refused (replay of an old signature). */
  maxMessageAgeSeconds: 10 * 60,
  /** Spec §5: chain ids at or above 2^31 cannot be ENSIP-11 coin types ('Invalid chainId'). */
  maxChainId: 2 ** 31 - 1,
  suggestions: 5,
} as const

/** Spec §5 "Names": letters, digits and hyphens only, at least 4 characters (one label). */
export const NameLabelSchema = z.pipe(
  z
    .string()
    .check(
      z.minLength(NAME_RULES.minLabelLength, `must be at least ${NAME_RULES.minLabelLength} characters`),
      z.maxLength(NAME_RULES.maxLabelLength, `must be at most ${NAME_RULES.maxLabelLength} characters`),
      z.regex(/^[A-Za-z0-9-]+$/, 'must be letters, digits and hyphens only'),
    ),
  z.transform((value) => value.toLowerCase()),
)

/** ENSIP-11: the coin type of an EVM chain; Ethereum mainnet keeps SLIP-44's 60. */
export const evmCoinType = (chainId: number): number => (chainId === 1 ? 60 : (0x80000000 | chainId) >>> 0)

/** `GET /v1/profile/reverse/{address}` query (spec §7: sender, apiVersion). */
export const ProfileReverseQuerySchema = z.extend(ApiClientQuerySchema, {
  sender: z.optional(z.string().check(z.maxLength(64))),
  apiVersion: z.optional(z.string().check(z.regex(/^[0-9]{1,3}$/, 'must be a number'))),
})

/** One registered name, as the reverse lookup and a registration answer it (newest first). */
export const ProfileNameEntrySchema = z.object({
  name: z.string(),
  addresses: z.record(z.string(), z.object({ address: z.string() })),
  attributes: z.record(z.string(), z.string()),
  registeredAt: z.iso.datetime(),
})
export type ProfileNameEntry = z.infer<typeof ProfileNameEntrySchema>
export const ProfileReverseResponseSchema = z.array(ProfileNameEntrySchema)

export const ProfileSuggestionsParamsSchema = z.object({ name: z.string().check(z.maxLength(255)) })
/** `GET /v1/profile/suggestions/{name}` query (spec §7: zone). */
export const ProfileSuggestionsQuerySchema = z.extend(ApiClientQuerySchema, {
  zone: z.optional(z.literal(NAME_RULES.zone)),
})
/** The asked name first with its availability, then free variations of it. */
export const ProfileSuggestionsResponseSchema = z.object({
  suggestions: z.array(z.object({ name: z.string(), registered: z.boolean() })),
})
export type ProfileSuggestionsResponse = z.infer<typeof ProfileSuggestionsResponseSchema>

/** What the account signs to register a name (spec §7: JSON of name, attributes, timestamp in seconds). */
export const NameMessageSchema = z.object({
  name: z.string().check(z.maxLength(255)),
  attributes: z.optional(z.record(z.string().check(z.maxLength(64)), z.string().check(z.maxLength(256)))),
  timestamp: z.number().check(z.int()),
})
export type NameMessage = z.infer<typeof NameMessageSchema>

/** `POST /v1/profile/account` body (spec §7: coin_type, address, message, signature). */
export const ProfileRegisterBodySchema = z.object({
  coin_type: z.number().check(z.int(), z.nonnegative()),
  address: z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/, 'must be an EVM address')),
  message: z.string().check(z.maxLength(2048, 'must be at most 2048 characters')),
  signature: z
    .string()
    .check(z.maxLength(16_384), z.regex(/^0x([0-9a-fA-F]{2})+$/, 'must be 0x-prefixed hex')),
})
export type ProfileRegisterBody = z.infer<typeof ProfileRegisterBodySchema>
