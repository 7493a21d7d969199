import { API_PATHS, HistoryParamsSchema, HistoryQuerySchema } from '@walletframe/protocol'
import { Hono } from 'hono'
import type { Hex } from '../config.ts'
import { type ApiContext, type ApiEnv, requestedChain } from '../context.ts'
import { ApiError } from '../errors.ts'
import { validParams, validQuery } from '../middleware/validate.ts'
import { decodeCursor } from './cursor.ts'
import { readHistoryPage } from './page.ts'

/**
 * `GET /v1/account/{account}/history` (spec §7): the indexer's transactions of the account, newest
 * first, a page at a time. No on-ramp provider is connected, so `onramp` pages are empty.
 */
export function historyRoute(context: ApiContext) {
  return new Hono<ApiEnv>().get(
    API_PATHS.history,
    validParams(HistoryParamsSchema),
    validQuery(HistoryQuerySchema),
    async (c) => {
      const { account } = c.req.valid('param')
      const { cursor, chainId, onramp } = c.req.valid('query')
      // Spec §6: activity on eip155 only. A base58 account never starts with 0x.
      if (!account.startsWith('0x') || chainId?.startsWith('solana:')) {
        throw new ApiError('unsupportedNamespace', 'Transaction history is served for eip155 accounts only')
      }
      const chain = requestedChain(context, chainId)
      const after = cursor === undefined ? undefined : decodeCursor(cursor)
      if (cursor !== undefined && !after) throw new ApiError('invalidCursor')
      if (onramp !== undefined) return c.json({ data: [], next: null })
      return c.json(
        await readHistoryPage(context, { account: account as Hex, chainId: chain?.config.chainId, after }),
      )
    },
  )
}
