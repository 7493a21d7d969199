import * as z from 'zod/mini'
import { CAIP2_PATTERN } from '../caip.ts'
import { ApiClientQuerySchema } from './common.ts'

export const SupportedChainsQuerySchema = ApiClientQuerySchema

/**
 * `GET /v1/supported-chains` (spec §7): the CAIP-2 ids the API serves, by transport. The modal runs
 * this check before any other call and treats a chain missing from `http` as unsupported.
 */
export const SupportedChainsResponseSchema = z.object({
  http: z.array(z.string().check(z.regex(CAIP2_PATTERN))),
  ws: z.array(z.string().check(z.regex(CAIP2_PATTERN))),
})
export type SupportedChainsResponse = z.infer<typeof SupportedChainsResponseSchema>
