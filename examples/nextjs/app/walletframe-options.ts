/**
 * The WalletFrame options, read on the server at each request: here from the local stack
 * (`npm start`: the dev project, the modal on 127.0.0.2, the devnet chains) and its environment
 * variables. In your app: your project id, your modal server's URL and
 * viem chains, e.g. `networks: [mainnet, base]`.
 */
import type { WalletFrameOptions } from '@walletframe/react'
import { resolveStackConfig } from '@walletframe/stack'

export function walletFrameOptions(env: Record<string, string | undefined>): WalletFrameOptions {
  const stack = resolveStackConfig(env)
  return {
    projectId: stack.projectId,
    modalUrl: stack.modal.url,
    networks: stack.devnet.chains.map((chain) => ({
      id: chain.chainId,
      name: chain.name,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [chain.rpcUrl] } },
      testnet: true,
    })),
    metadata: {
      name: 'WalletFrame Next.js example',
      description: 'WalletFrame through @walletframe/react in a Next.js App Router app',
    },
  }
}
