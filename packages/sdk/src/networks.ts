/** Networks WalletFrame defines (spec §3), to pass in `networks`: `import { baseSepolia } from '@walletframe/sdk/networks'`. */
export { baseSepolia, DEFINED_NETWORKS } from '@walletframe/protocol/host'
