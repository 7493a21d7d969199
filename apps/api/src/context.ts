import type { Database } from '@walletframe/db'
import { API_ERRORS } from '@walletframe/protocol'
import type { RateLimiter } from '@walletframe/rate-limit'
import type { Context } from 'hono'
import type { PublicClient } from 'viem'
import type { TtlCache } from './cache.ts'
import type { PriceSource } from './chain/prices.ts'
import type { ApiConfig, ChainConfig, ProjectConfig } from './config.ts'
import { ApiError } from './errors.ts'
import type { OnRampProvider } from './onramp/provider.ts'
import type { SolanaNetwork } from './solana/balances.ts'
import type { SwapProvider } from './swap/provider.ts'

/** hono's environment for every API route: the project the request was checked against. */
export interface ApiEnv {
  Variables: { project: ProjectConfig }
}

export interface Chain {
  config: ChainConfig
  client: PublicClient
}

/** What the routes share: built once by startApi, or by a test with its own pieces. */
export interface ApiContext {
  config: ApiConfig
  db: Database
  /** By numeric chain id, in configuration order. */
  chains: ReadonlyMap<number, Chain>
  /** The served Solana networks (balances only, spec §6), by CAIP-2 id. */
  solana: ReadonlyMap<string, SolanaNetwork>
  prices: PriceSource
  /** The swap provider of each chain that has one (swap/provider.ts); others are not swappable. */
  swaps: ReadonlyMap<number, SwapProvider>
  /** Request limits (middleware/rate-limit): in this process, or shared in Redis. */
  limits: ApiLimits
  /** Buy (docs/onramp.md); without one the on-ramp routes serve the built-in fallbacks. */
  onRamp?: OnRampProvider | undefined
  caches: {
    /** Serialised balance answers (spec §9: 30 s). */
    balance: TtlCache<string>
    /** Serialised identity answers (spec §9: 5 min); name registration deletes its address. */
    identity: TtlCache<string>
  }
}

export interface ApiLimits {
  perIp: RateLimiter
  perProject: RateLimiter
  eventsPerIp: RateLimiter
  /** One token per FORCE_UPDATE_INTERVAL, keyed by address and chain. */
  forceUpdate: RateLimiter
  /** forceUpdate per client IP, across every address it asks for. */
  forceUpdatePerIp: RateLimiter
  /** The address the per-IP limits count (WF_TRUSTED_PROXY_HOPS). */
  clientIp: (c: Context) => string
}

/**
 * The chain a request's validated `chainId` (`eip155:<id>`) names, undefined when it names none (all
 * chains), or a 400 UNSUPPORTED_CHAIN when the API does not serve it.
 */
export function requestedChain(context: ApiContext, caipNetworkId: string | undefined): Chain | undefined {
  if (caipNetworkId === undefined) return undefined
  const chain = context.chains.get(Number(caipNetworkId.slice('eip155:'.length)))
  if (!chain)
    throw new ApiError('unsupportedChain', `${API_ERRORS.unsupportedChain.message}: ${caipNetworkId}`)
  return chain
}
