import * as z from 'zod/mini'
import { MAX_PROJECT_ID_LENGTH } from '../constants.ts'
import { API_LIMITS, ApiClientQuerySchema, CurrencySchema, Eip155TokenAddressSchema } from './common.ts'

/** `POST /v1/fungible/price` query: the client parameters every call carries. */
export const FungiblePriceQuerySchema = ApiClientQuerySchema

/** `POST /v1/fungible/price` body (spec §7). `projectId` may repeat the query's; it must then match. */
export const FungiblePriceRequestSchema = z.object({
  projectId: z.optional(z.string().check(z.maxLength(MAX_PROJECT_ID_LENGTH))),
  currency: CurrencySchema,
  addresses: z
    .array(Eip155TokenAddressSchema)
    .check(
      z.minLength(1, 'must list at least one address'),
      z.maxLength(
        API_LIMITS.maxPriceAddresses,
        `must list at most ${API_LIMITS.maxPriceAddresses} addresses`,
      ),
    ),
})
export type FungiblePriceRequest = z.infer<typeof FungiblePriceRequestSchema>

/** One priced token; tokens without a known price are left out. */
export const FungiblePriceSchema = z.object({
  /** The CAIP-10 address as requested. */
  address: z.string(),
  name: z.string(),
  symbol: z.string(),
  iconUrl: z.string(),
  price: z.number(),
})
export type FungiblePrice = z.infer<typeof FungiblePriceSchema>

export const FungiblePriceResponseSchema = z.object({ fungibles: z.array(FungiblePriceSchema) })
export type FungiblePriceResponse = z.infer<typeof FungiblePriceResponseSchema>
