/** Viem-style chains as an integrator passes them, functions included. */
export const devnet = {
  id: 31337,
  name: 'WalletFrame Devnet',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
  blockExplorers: { default: { name: 'Local', url: 'http://127.0.0.1:4000' } },
  testnet: true,
  formatters: { block: { format: (block: unknown) => block } },
  serializers: { transaction: () => '0x' },
}

export const devnet2 = {
  id: 31338,
  name: 'WalletFrame Devnet 2',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8546'] } },
}
