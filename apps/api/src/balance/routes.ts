import {
  API_PATHS,
  BalanceParamsSchema,
  BalanceQuerySchema,
  type BalanceResponse,
} from '@walletframe/protocol'
import { Hono } from 'hono'
import { type ApiContext, type ApiEnv, requestedChain } from '../context.ts'
import { validParams, validQuery } from '../middleware/validate.ts'
import { loadBalances } from './balances.ts'

/**
 * `GET /v1/account/{address}/balance` (spec §7): native and ERC-20 balances with prices. Answers are
 * cached for 30 s (spec §9) in memory, serialised, so a cached answer costs no chain call, no
 * database query and no JSON encoding; `forceUpdate=true` reads the chain again.
 */
export function balanceRoute(context: ApiContext) {
  const cache = context.caches.balance
  return new Hono<ApiEnv>().get(
    API_PATHS.balance,
    validParams(BalanceParamsSchema),
    validQuery(BalanceQuerySchema),
    async (c) => {
      const { address } = c.req.valid('param')
      const { chainId, currency, forceUpdate } = c.req.valid('query')
      const chain = requestedChain(context, chainId)
      const chains = chain ? [chain] : [...context.chains.values()]

      const key = `${address}|${chainId ?? '*'}|${currency}`
      const json = await cache.getOrLoad(
        key,
        async () => {
          const body: BalanceResponse = { balances: await loadBalances(context, address, chains, currency) }
          return JSON.stringify(body)
        },
        forceUpdate === true,
      )
      return c.body(json, 200, { 'Content-Type': 'application/json' })
    },
  )
}
