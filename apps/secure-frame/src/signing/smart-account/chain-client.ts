import { type FrameNetwork, TIME } from '@walletframe/protocol'
import { createPublicClient, defineChain, http } from 'viem'

/**
 * A client that knows its chain (a smart account reads the chain id from it for its user
 * operation hash and nonce key), with the protocol's deadline and retries.
 */
export function chainClient(network: FrameNetwork) {
  const chain = defineChain({
    id: network.id,
    name: network.name,
    nativeCurrency: network.nativeCurrency,
    rpcUrls: { default: { http: [network.rpcUrl] } },
  })
  return createPublicClient({
    chain,
    transport: http(network.rpcUrl, {
      timeout: TIME.httpTimeoutMs,
      retryCount: TIME.httpRetries,
      retryDelay: TIME.httpRetryDelayMs,
    }),
  })
}
export type ChainClient = ReturnType<typeof chainClient>
