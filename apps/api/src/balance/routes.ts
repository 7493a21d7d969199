import {
  API_PATHS,
  BalanceParamsSchema,
  BalanceQuerySchema,
  type BalanceResponse,
} from '@walletframe/protocol'
import { Hono } from 'hono'
import { type ApiContext, type ApiEnv, requestedChain } from '../context.ts'
import { takeOrRefuse } from '../middleware/rate-limit/rate-limit.ts'
import { validParams, validQuery } from '../middleware/validate.ts'
import { loadBalances } from './balances.ts'

/**
 * `GET /v1/account/{address}/balance` (spec §7): native and ERC-20 balances with prices. Answers are
 * cached for 30 s (spec §9) in memory, serialised, so a cached answer costs no chain call, no
 * database query and no JSON encoding; `forceUpdate=true` reads the chain again, at most once per
 * FORCE_UPDATE_INTERVAL per address and chain and RATE_LIMITS.apiForceUpdatePerIp per client IP
 * across addresses (issue 10 §1: each costs 100+ RPC reads). A second
 * one within the interval is a 429 with Retry-After rather than a silent cached answer, so a client
 * knows what it got is not fresh; the modal then reads the cached answer (core/api-client.ts).
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

      if (forceUpdate === true) {
        // Per IP first: a storm over many addresses (each new, so never throttled per address) is bounded.
        await takeOrRefuse(context.limits.forceUpdatePerIp, context.limits.clientIp(c))
        await takeOrRefuse(context.limits.forceUpdate, `${address.toLowerCase()}|${chainId ?? '*'}`)
      }
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
