/**
 * The WalletFrame options of this example: the project and modal host of `npm start`, and its
 * devnet. For your dapp: your project id, your modal host, your chains (viem's Chain shape).
 */
import type { WalletFrameOptions } from '@walletframe/sdk'

export const walletFrameOptions: WalletFrameOptions = {
  projectId: 'walletframe-dev',
  modalUrl: 'http://127.0.0.2:5174/',
  networks: [
    {
      id: 31337,
      name: 'WalletFrame Devnet A',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
    },
  ],
  metadata: { name: 'Vite + Vue example', url: location.origin },
  themeMode: matchMedia('(prefers-color-scheme: light)').matches ? 'light' : 'dark',
}
