import type { Database } from '@walletframe/db'
import { connectLimiterRedis } from '@walletframe/rate-limit'
import { type HttpListener, listen } from '@walletframe/stack'
import type { Hono } from 'hono'
import { createApiApp } from './app.ts'
import { TtlCache } from './cache.ts'
import { createChains } from './chain/clients.ts'
import {
  firstPriceSource,
  type PriceSource,
  tablePriceSource,
  uniswapV2Pools,
  uniswapV2PriceSource,
} from './chain/prices.ts'
import type { ApiConfig } from './config.ts'
import type { ApiContext, ApiEnv } from './context.ts'
import { openDatabase } from './db/open.ts'
import { Indexer } from './indexer/indexer.ts'
import { createApiLimits } from './middleware/rate-limit/rate-limit.ts'
import type { OnRampProvider } from './onramp/provider.ts'
import { onRampFromConfig } from './onramp/sandbox-provider.ts'
import { createSolanaNetworks } from './solana/balances.ts'
import { providersByChain, type SwapProvider } from './swap/provider.ts'
import { createUniswapV2Provider, uniswapV2Chains } from './swap/uniswap-v2.ts'

const CLOSE_GRACE_MS = 2_000

export interface StartApiOptions {
  config: ApiConfig
  /**
   * Defaults to the chains' Uniswap V2 pools (`uniswapV2.priceQuote`), then the config's table
   * (DEV_PRICES_USD on the devnet).
   */
  prices?: PriceSource
  /**
   * Swap providers (swap/provider.ts, docs/swap.md), asked before the built-in Uniswap V2 provider of
   * the chains configured with a deployment (`uniswapV2`).
   */
  swapProviders?: readonly SwapProvider[]
  /**
   * Mounted at `/` behind CORS and the project check: sub-apps, or factories given the API's context
   * (its database), e.g. `routes: [(context) => createFeatureRoutes(context.db)]`.
   */
  routes?: ReadonlyArray<Hono<ApiEnv> | ((context: ApiContext) => Hono<ApiEnv>)>
  log?: (message: string) => void
  /** The on-ramp provider (docs/onramp.md); defaults to the one the config names (the sandbox in dev). */
  onRamp?: OnRampProvider
}

export interface RunningApi {
  /** `http://host:port` with the real port, no trailing slash. */
  url: string
  app: Hono<ApiEnv>
  context: ApiContext
  indexer: Indexer
  /** Stops the server, then the indexer (letting a batch in flight commit), then the database. */
  close(): Promise<void>
}

/** Opens the database (PGlite or Postgres, migrated), starts the indexer and serves the API. */
export async function startApi(options: StartApiOptions): Promise<RunningApi> {
  const { config } = options
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
  await writeNames(db, config.names)
  const redis = config.redisUrl
    ? await connectLimiterRedis(config.redisUrl).catch(async (error: unknown) => {
        await db.close()
        throw error
      })
    : undefined
  const chains = createChains(config.chains)
  const table = tablePriceSource(config.prices)
  const pools = uniswapV2Pools(chains.values())
  const uniswap = uniswapV2Chains(chains.values()).filter(
    (chain) => config.swapChains?.includes(chain.config.chainId) ?? true,
  )
  const context: ApiContext = {
    config,
    db,
    chains,
    solana: createSolanaNetworks(config.solanaNetworks),
    prices:
      options.prices ??
      (pools.length > 0 ? firstPriceSource(uniswapV2PriceSource(pools, table), table) : table),
    swaps: providersByChain([
      ...(options.swapProviders ?? []),
      ...(uniswap.length > 0 ? [createUniswapV2Provider(uniswap)] : []),
    ]),
    limits: createApiLimits(config.rateLimits, { redis }),
    onRamp: options.onRamp ?? onRampFromConfig(config.onRamp),
    caches: {
      balance: new TtlCache<string>(config.cache.balanceMs),
      identity: new TtlCache<string>(config.cache.identityMs),
    },
  }
  const indexer = new Indexer({
    db,
    chains: [...chains.values()],
    pollIntervalMs: config.indexer.pollIntervalMs,
    blockBatchSize: config.indexer.blockBatchSize,
    ...(options.log ? { log: options.log } : {}),
  })
  const routes = (options.routes ?? []).map((route) => (typeof route === 'function' ? route(context) : route))
  const app = createApiApp(context, {
    routes,
    health: () => ({ database: db.kind, indexer: indexer.progress() }),
  })

  // Requests still being answered: close() lets them finish before the database goes away.
  let inFlight = 0
  let drained: (() => void) | undefined
  // The Node env goes along: the rate limits read the client's address from it.
  const fetch = async (request: Request, env: unknown) => {
    inFlight += 1
    try {
      return await app.fetch(request, env)
    } finally {
      inFlight -= 1
      if (inFlight === 0) drained?.()
    }
  }

  let server: HttpListener
  try {
    // Idle keep-alive connections close at once; busy ones get a moment to answer.
    server = await listen({ fetch, hostname: config.host, port: config.port, closeGraceMs: CLOSE_GRACE_MS })
  } catch (error) {
    redis?.disconnect()
    await db.close()
    throw error
  }
  if (config.indexer.enabled) indexer.start()

  let closing: Promise<void> | undefined
  const close = () => {
    closing ??= (async () => {
      await server.close()
      if (inFlight > 0) {
        await new Promise<void>((resolve) => {
          drained = resolve
          setTimeout(resolve, CLOSE_GRACE_MS).unref()
        })
      }
      await indexer.stop()
      redis?.disconnect()
      await db.close()
    })()
    return closing
  }
  return { url: `http://${config.host}:${server.port}`, app, context, indexer, close }
}

/** The configured names (config.names), kept when already there. */
async function writeNames(db: Database, names: ApiConfig['names'] = []): Promise<void> {
  for (const { name, address } of names)
    await db.query('INSERT INTO names (name, address) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
      name,
      address,
    ])
}

export type { Database }
