import {
  API_PATHS,
  type BalanceResponse,
  Bip122BalanceParamsSchema,
  Bip122BalanceQuerySchema,
  bip122NativeAsset,
} from '@walletframe/protocol'
import { Hono } from 'hono'
import { tokenBalance } from '../chain/token-balance.ts'
import type { ApiContext, ApiEnv } from '../context.ts'
import { ApiError } from '../errors.ts'
import { takeOrRefuse } from '../middleware/rate-limit/rate-limit.ts'
import { parseInput } from '../middleware/validate.ts'
import { BIP122_NETWORKS } from './config.ts'
import { esploraBalance } from './esplora.ts'

/**
 * `GET /v1/account/{address}/balance?chainId=bip122:…` (issue 15 point 5): a Bitcoin address's BTC
 * balance from the network's Esplora API (WF_ESPLORA_URLS), cached and force-updated like the eip155
 * balances (balance/routes.ts). Mounted before that route, it answers only a bip122 `chainId` and
 * passes every other request on. A network without an Esplora API answers
 * BITCOIN_BALANCES_UNAVAILABLE rather than a 0 balance.
 */
export function bip122BalanceRoute(context: ApiContext) {
  const cache = context.caches.balance
  return new Hono<ApiEnv>().get(API_PATHS.balance, async (c, next) => {
    const chainIds = c.req.queries('chainId')
    if (!chainIds?.[0]?.startsWith('bip122:')) return next()
    const { address } = parseInput(Bip122BalanceParamsSchema, c.req.param(), 'param')
    const query = Object.fromEntries(
      Object.entries(c.req.queries()).map(([key, values]) => [key, values.length === 1 ? values[0] : values]),
    )
    const { chainId, currency, forceUpdate } = parseInput(Bip122BalanceQuerySchema, query, 'query')
    const network = BIP122_NETWORKS.find((candidate) => candidate.caipNetworkId === chainId)
    if (!network) throw new ApiError('unsupportedChain')
    const esploraUrl = context.config.esploraUrls?.[chainId]
    if (!esploraUrl) throw new ApiError('bitcoinBalancesUnavailable')

    if (forceUpdate) {
      await takeOrRefuse(context.limits.forceUpdatePerIp, context.limits.clientIp(c))
      await takeOrRefuse(context.limits.forceUpdate, `${address}|${chainId}`)
    }
    const json = await cache.getOrLoad(
      `${address}|${chainId}|${currency}`,
      async () => {
        const satoshis = await esploraBalance(esploraUrl, address)
        const { nativeCurrency } = network
        const body: BalanceResponse = {
          balances: [
            tokenBalance({
              caipNetworkId: chainId,
              key: bip122NativeAsset(chainId),
              asset: nativeCurrency,
              amount: satoshis,
              // No price source serves BTC: 0 means unknown (TokenBalanceSchema).
              price: 0,
            }),
          ],
        }
        return JSON.stringify(body)
      },
      forceUpdate === true,
    )
    return c.body(json, 200, { 'Content-Type': 'application/json' })
  })
}
