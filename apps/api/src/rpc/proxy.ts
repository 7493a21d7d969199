import { RPC_PROXY } from '@walletframe/protocol'
import { type EIP1193RequestFn, fallback, http } from 'viem'
import { viemChain } from '../chain/clients.ts'
import type { ChainConfig } from '../config.ts'

/** One chain's upstream nodes behind viem's transports, configured with the settings of spec §9. */
export interface RpcUpstream {
  request(method: string, params: unknown): Promise<unknown>
}

/**
 * viem's `fallback` over one `http` transport per upstream (spec §7, §9): each http transport
 * batches the calls of one tick (up to 1000, wait 0) and times out after 10 s; the fallback ranks
 * two or more upstreams (net_listening every 4 s, 10 samples, stability 0.7 / latency 0.3, 1 s ping
 * timeout), moves on to the next upstream when one fails, and retries the whole list 3 times from
 * 150 ms with exponential backoff on viem's retryable errors (-1, limit exceeded, internal error,
 * HTTP 403/408/413/429/500/502/503/504), honouring Retry-After; rejected and user-rejected codes
 * are never retried. `dedupe` shares one upstream call between identical requests in flight
 * (viem's request cache, 8192 entries).
 */
export function createRpcUpstream(chain: ChainConfig): RpcUpstream {
  const transport = fallback(
    chain.rpcUpstreams.map((url) =>
      http(url, {
        batch: { batchSize: RPC_PROXY.batchSize, wait: RPC_PROXY.batchWaitMs },
        timeout: RPC_PROXY.timeoutMs,
      }),
    ),
    {
      // One upstream has nothing to rank against; its pings would only keep a timer alive.
      rank: chain.rpcUpstreams.length > 1 && {
        interval: RPC_PROXY.rank.intervalMs,
        sampleCount: RPC_PROXY.rank.sampleCount,
        timeout: RPC_PROXY.rank.pingTimeoutMs,
        weights: RPC_PROXY.rank.weights,
      },
      retryCount: RPC_PROXY.retryCount,
      retryDelay: RPC_PROXY.retryDelayMs,
    },
  )({ chain: viemChain(chain) })
  const request = transport.request as EIP1193RequestFn
  return {
    request: (method, params) => request({ method, params } as never, { dedupe: true }),
  }
}

/**
 * The upstreams of each configured chain, each built on its first request: viem's ranking polls
 * from the moment a fallback transport is made and has no stop, so a chain nobody reads through the
 * endpoint is never polled. A chain with one upstream is never ranked, so an API that has only
 * such chains leaves no timer behind when it closes (the bench exits).
 */
export function createRpcUpstreams(chains: ReadonlyMap<number, { config: ChainConfig }>) {
  const built = new Map<number, RpcUpstream>()
  return (chainId: number): RpcUpstream | undefined => {
    const chain = chains.get(chainId)
    if (!chain) return undefined
    let upstream = built.get(chainId)
    if (!upstream) {
      upstream = createRpcUpstream(chain.config)
      built.set(chainId, upstream)
    }
    return upstream
  }
}
