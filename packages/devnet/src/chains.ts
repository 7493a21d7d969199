import type { StackConfig } from '@walletframe/stack'

/** A devnet chain in viem's `Chain` shape, so it can be passed straight to viem clients and the SDK. */
export interface DevnetChainDefinition {
  id: number
  name: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
  rpcUrls: { default: { http: string[] } }
  testnet: true
}

export function devnetChainDefinitions(config: StackConfig['devnet']): DevnetChainDefinition[] {
  return config.chains.map((chain) => ({
    id: chain.chainId,
    name: chain.name,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [chain.rpcUrl] } },
    testnet: true,
  }))
}
