/** Networks WalletFrame defines (spec §3), to pass in `networks`: `import { baseSepolia, solana } from '@walletframe/sdk/networks'`. */
export {
  baseSepolia,
  bitcoin,
  bitcoinTestnet,
  DEFINED_NETWORKS,
  solana,
  solanaDevnet,
  solanaLocalnet,
  solanaTestnet,
} from '@walletframe/protocol/host'
