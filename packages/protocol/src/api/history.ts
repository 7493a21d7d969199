import * as z from 'zod/mini'
import { API_LIMITS, ApiClientQuerySchema, BalanceAddressSchema, BalanceNetworkIdSchema } from './common.ts'

/**
 * Solana accounts and networks pass validation so that the route can answer them with the typed
 * UNSUPPORTED_NAMESPACE (spec §6: activity on eip155 only) rather than "not an EVM address".
 */
export const HistoryParamsSchema = z.object({ account: BalanceAddressSchema })

/**
 * `GET /v1/account/{account}/history` query (spec §7). `cursor` is the opaque `next` of the previous
 * page; `onramp` asks for on-ramp provider transactions instead of on-chain ones.
 */
export const HistoryQuerySchema = z.extend(ApiClientQuerySchema, {
  cursor: z.optional(
    z
      .string()
      .check(
        z.minLength(1, 'must not be empty'),
        z.maxLength(API_LIMITS.maxCursorLength, 'is too long'),
        z.regex(/^[A-Za-z0-9_-]+$/, 'must be the next value of a previous page'),
      ),
  ),
  chainId: z.optional(BalanceNetworkIdSchema),
  onramp: z.optional(z.enum(['coinbase'], 'must be coinbase')),
})
export type HistoryQuery = z.infer<typeof HistoryQuerySchema>

export const OPERATION_TYPES = [
  'approve',
  'burn',
  'cancel',
  'deposit',
  'deploy',
  'execute',
  'mint',
  'receive',
  'send',
  'trade',
  'withdraw',
] as const
export type OperationType = (typeof OPERATION_TYPES)[number]

export const TransactionStatusSchema = z.enum(['confirmed', 'failed', 'pending'])
export const TransferDirectionSchema = z.enum(['in', 'out', 'self'])

/** spec §3 "Transaction history item" → metadata. */
export const TransactionMetadataSchema = z.object({
  operationType: z.enum(OPERATION_TYPES),
  hash: z.string(),
  /** ISO 8601. */
  minedAt: z.string(),
  sentFrom: z.string(),
  sentTo: z.string(),
  status: TransactionStatusSchema,
  nonce: z.number(),
  /** CAIP-2. */
  chain: z.string(),
})

/** One movement of value inside a transaction, seen from the account. */
export const TransactionTransferSchema = z.object({
  fungible_info: z.optional(
    z.object({
      name: z.string(),
      symbol: z.string(),
      icon: z.optional(z.object({ url: z.string() })),
    }),
  ),
  nft_info: z.optional(
    z.object({
      name: z.string(),
      /** The token id, as a decimal string. */
      token_id: z.string(),
      content: z.optional(z.object({ preview: z.optional(z.object({ url: z.string() })) })),
      flags: z.object({ is_spam: z.boolean() }),
    }),
  ),
  direction: TransferDirectionSchema,
  /** `numeric`: a decimal string in whole units ("0.25"); `1` for an NFT. */
  quantity: z.object({ numeric: z.string() }),
  value: z.optional(z.number()),
  price: z.optional(z.number()),
})
export type TransactionTransfer = z.infer<typeof TransactionTransferSchema>

/** spec §3 "Transaction history item". `id` is unique across chains: `<caip2>:<hash>`. */
export const TransactionSchema = z.object({
  id: z.string(),
  metadata: TransactionMetadataSchema,
  transfers: z.array(TransactionTransferSchema),
})
export type Transaction = z.infer<typeof TransactionSchema>

/** Newest first; `next` is the cursor of the following page, null on the last one. */
export const HistoryResponseSchema = z.object({
  data: z.array(TransactionSchema),
  next: z.nullable(z.string()),
})
export type HistoryResponse = z.infer<typeof HistoryResponseSchema>
