/** Options of a WalletFrame on the dev stack's first devnet chain (the tests' instances stay inert in Node). */
export const WALLETFRAME_OPTIONS = {
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
}
