/**
 * Spec §3 Network, "Defined: … one Base testnet": networks WalletFrame defines for integrators, in
 * the viem-style shape the SDK's `networks` option takes (`@walletframe/sdk/networks`). The Solana
 * and Bitcoin networks the spec also defines join with their namespaces.
 */
export const baseSepolia = {
  id: 84532,
  name: 'Base Sepolia',
  nativeCurrency: { name: 'Sepolia Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://sepolia.base.org'] } },
  blockExplorers: { default: { name: 'Basescan', url: 'https://sepolia.basescan.org' } },
  testnet: true,
} as const

export const DEFINED_NETWORKS = [baseSepolia] as const
