import { TIME } from '@walletframe/protocol'
import { createPublicClient, defineChain, http, type PublicClient } from 'viem'
import type { ChainConfig } from '../config.ts'
import type { Chain } from '../context.ts'

/**
 * One viem public client per configured chain. JSON-RPC batching groups the calls made in the same
 * tick (a balance answer's native + token reads, the indexer's block fetches) into HTTP requests of
 * up to 50 calls: 50 full blocks stay well below the body limit. That limit is raised from viem's
 * 10 MB because the configured nodes are trusted and an eth_getLogs of a busy range is large; the
 * indexer also shrinks its range when an answer is still too big.
 */
export function createChainClient(chain: ChainConfig): PublicClient {
  return createPublicClient({
    chain: viemChain(chain),
    transport: http(chain.rpcUrl, {
      batch: { batchSize: 50 },
      timeout: TIME.httpTimeoutMs,
      retryCount: 2,
      maxResponseBodySize: 64 * 1024 * 1024,
    }),
  })
}

/** The configured chain in viem's shape. */
export function viemChain(chain: ChainConfig) {
  return defineChain({
    id: chain.chainId,
    name: chain.name,
    nativeCurrency: chain.nativeCurrency,
    rpcUrls: { default: { http: [chain.rpcUrl] } },
    testnet: chain.testnet,
  })
}

export function createChains(configs: readonly ChainConfig[]): Map<number, Chain> {
  return new Map(configs.map((config) => [config.chainId, { config, client: createChainClient(config) }]))
}
