/**
 * The wagmi config: two chains and WalletFrame as a connector. The defaults fit `npm start` at the
 * repository's root (its devnet, its modal, its dev project); VITE_* variables point the build
 * elsewhere (see README.md). wagmi also lists the browser's own EIP-6963 wallets beside it.
 */
import { createConfig, http } from '@wagmi/core'
import { walletFrame } from '@walletframe/wagmi'
import { defineChain } from 'viem'

const env = import.meta.env

const devnet = (id: number, name: string, rpcUrl: string) =>
  defineChain({
    id,
    name,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
    testnet: true,
  })

export const devnetA = devnet(
  31337,
  'WalletFrame Devnet A',
  env.VITE_DEVNET_A_RPC_URL || 'http://127.0.0.1:8545',
)
export const devnetB = devnet(
  31338,
  'WalletFrame Devnet B',
  env.VITE_DEVNET_B_RPC_URL || 'http://127.0.0.1:8546',
)

export const config = createConfig({
  chains: [devnetA, devnetB],
  connectors: [
    walletFrame({
      projectId: env.VITE_WALLETFRAME_PROJECT_ID || 'walletframe-dev',
      modalUrl: env.VITE_WALLETFRAME_MODAL_URL || 'http://127.0.0.2:5174/',
      metadata: {
        name: 'WalletFrame wagmi example',
        description: 'A Vite + wagmi + viem app',
        url: window.location.origin,
        icons: [],
      },
    }),
  ],
  transports: { [devnetA.id]: http(), [devnetB.id]: http() },
})
