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
