export type { Database, Queryable } from '@walletframe/db'
export { type ApiAppOptions, createApiApp } from './app.ts'
export { TtlCache } from './cache.ts'
export {
  firstPriceSource,
  type PriceSource,
  priceKey,
  tablePriceSource,
  type UniswapV2Pool,
  uniswapV2Pools,
  uniswapV2PriceSource,
} from './chain/prices.ts'
export * from './config.ts'
export type { ApiContext, ApiEnv, Chain } from './context.ts'
export { openDatabase } from './db/open.ts'
export { ApiError } from './errors.ts'
export { type ChainProgress, Indexer } from './indexer/indexer.ts'
export { requireProject } from './middleware/project.ts'
export { parseInput, validJson, validParams, validQuery } from './middleware/validate.ts'
export {
  type OnRampProvider,
  type OnRampProviderOptions,
  type OnRampQuoteInput,
  OnRampRequestError,
  type OnRampWidgetInput,
} from './onramp/provider.ts'
export { createSandboxProvider, type SandboxProviderOptions } from './onramp/sandbox-provider.ts'
export { type RunningApi, type StartApiOptions, startApi } from './server.ts'
export {
  type LocalSolanaFixtures,
  resolveSolanaNetworks,
  SOLANA_LOCALNET_ID,
  type SolanaNetworkConfig,
  type SolanaTokenConfig,
} from './solana/config.ts'
export type {
  SwapAsset,
  SwapProvider,
  SwapQuoteRequest,
  SwapQuoteResult,
  SwapTransactionRequest,
} from './swap/provider.ts'
export { createUniswapV2Provider, type UniswapV2Chain } from './swap/uniswap-v2.ts'
