import type { Address as SolanaAddress } from '@solana/kit'
import {
  API_PATHS,
  BalanceParamsSchema,
  BalanceQuerySchema,
  type BalanceResponse,
  type TokenBalance,
} from '@walletframe/protocol'
import { Hono } from 'hono'
import type { Hex } from '../config.ts'
import { type ApiContext, type ApiEnv, requestedChain } from '../context.ts'
import { ApiError } from '../errors.ts'
import { takeOrRefuse } from '../middleware/rate-limit/rate-limit.ts'
import { validParams, validQuery } from '../middleware/validate.ts'
import { loadSolanaBalances, requestedSolanaNetwork } from '../solana/balances.ts'
import { loadBalances } from './balances.ts'

/**
 * `GET /v1/account/{address}/balance` (spec §7): native and ERC-20 balances with prices, or for a
 * Solana address SOL and SPL balances (spec §6; solana/balances.ts). Answers are
 * cached for 30 s (spec §9) in memory, serialised, so a cached answer costs no chain call, no
 * database query and no JSON encoding; `forceUpdate=true` (or a token address: the answer then
 * includes that token, issue 11 point 6) reads the chain again, at most once per
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
      // A normalised EVM address starts with 0x; a base58 Solana one never does (spec §6).
      const solana = !address.startsWith('0x')
      if (chainId !== undefined && chainId.startsWith('solana:') !== solana) {
        throw new ApiError(
          'invalidInput',
          `Invalid query parameter chainId: ${chainId} is not a network of ${solana ? 'a Solana' : 'an EVM'} address`,
        )
      }
      // AppKit's form: the token just bought, read fresh and included even if the indexer has not
      // seen it yet. It is a forced update too, under the same limit as `true`.
      const token = typeof forceUpdate === 'object' ? forceUpdate : undefined
      if (solana && token) {
        throw new ApiError(
          'invalidInput',
          'Invalid query parameter forceUpdate: a token address is for EVM accounts',
        )
      }
      let load: () => Promise<TokenBalance[]>
      if (solana) {
        const networks = chainId ? [requestedSolanaNetwork(context, chainId)] : [...context.solana.values()]
        load = () => loadSolanaBalances(context, address as SolanaAddress, networks, currency)
      } else {
        const chain = requestedChain(context, chainId)
        const chains = chain ? [chain] : [...context.chains.values()]
        if (token?.caipNetworkId !== undefined) {
          if (chainId !== undefined && token.caipNetworkId !== chainId) {
            throw new ApiError(
              'invalidInput',
              'Invalid query parameter forceUpdate: not on the chain of chainId',
            )
          }
          requestedChain(context, token.caipNetworkId)
        }
        load = () => loadBalances(context, address as Hex, chains, currency, token)
      }
      const forced = forceUpdate === true || token !== undefined

      if (forced) {
        // Per IP first: a storm over many addresses (each new, so never throttled per address) is bounded.
        await takeOrRefuse(context.limits.forceUpdatePerIp, context.limits.clientIp(c))
        await takeOrRefuse(context.limits.forceUpdate, `${address.toLowerCase()}|${chainId ?? '*'}`)
      }
      const key = `${address}|${chainId ?? '*'}|${currency}`
      const json = await cache.getOrLoad(
        key,
        async () => {
          const body: BalanceResponse = { balances: await load() }
          return JSON.stringify(body)
        },
        forced,
      )
      return c.body(json, 200, { 'Content-Type': 'application/json' })
    },
  )
}
