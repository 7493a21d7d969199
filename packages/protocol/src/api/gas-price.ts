import * as z from 'zod/mini'
import { ApiClientQuerySchema, Eip155NetworkIdSchema } from './common.ts'

/** `GET /v1/convert/gas-price` query (spec §7): the chain whose gas price is asked. */
export const GasPriceQuerySchema = z.extend(ApiClientQuerySchema, { chainId: Eip155NetworkIdSchema })
export type GasPriceQuery = z.infer<typeof GasPriceQuerySchema>

/** A price per gas unit in wei, as a decimal string (it outgrows a JSON number). */
const Wei = z.string().check(z.regex(/^(0|[1-9][0-9]{0,77})$/))

/**
 * `GET /v1/convert/gas-price` answer (spec §7 "not shown"; AppKit reads `standard`): the price of
 * one gas unit for a transaction included soon, soonest and at once.
 */
export const GasPriceResponseSchema = z.object({ standard: Wei, fast: Wei, instant: Wei })
export type GasPriceResponse = z.infer<typeof GasPriceResponseSchema>
