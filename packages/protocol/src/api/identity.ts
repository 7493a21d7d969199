import * as z from 'zod/mini'
import { ApiAddressSchema, ApiClientQuerySchema } from './common.ts'

export const IdentityParamsSchema = z.object({ address: ApiAddressSchema })

/** `GET /v1/identity/{address}` query (spec §7): `sender` is the asking account, when known. */
export const IdentityQuerySchema = z.extend(ApiClientQuerySchema, { sender: z.optional(ApiAddressSchema) })
export type IdentityQuery = z.infer<typeof IdentityQuerySchema>

/** spec §3 Identity. An address without a registered name answers `{ name: null, avatar: null }`. */
export const IdentityResponseSchema = z.object({
  name: z.nullable(z.string()),
  avatar: z.nullable(z.string()),
})
export type IdentityResponse = z.infer<typeof IdentityResponseSchema>
