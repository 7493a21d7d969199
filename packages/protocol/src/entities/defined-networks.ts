/**
 * Spec §3 Network, "Defined: Solana mainnet, devnet and testnet; Bitcoin mainnet and testnet; one
 * Base testnet": networks WalletFrame defines for integrators, to pass in the SDK's `networks` option
 * (`@walletframe/sdk/networks`). EVM ones in viem's shape; the others with their namespace and CAIP-2
 * id, whose reference is a string (a genesis-hash prefix).
 */
import { SOLANA_LOCALNET_GENESIS_HASH } from '../constants.ts'

export const baseSepolia = {
  id: 84532,
  name: 'Base Sepolia',
  nativeCurrency: { name: 'Sepolia Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://sepolia.base.org'] } },
  blockExplorers: { default: { name: 'Basescan', url: 'https://sepolia.basescan.org' } },
  testnet: true,
} as const

const SOL = { name: 'Solana', symbol: 'SOL', decimals: 9 } as const
const BTC = { name: 'Bitcoin', symbol: 'BTC', decimals: 8 } as const

const solanaNetwork = <const Id extends string, const Cluster extends string>(
  id: Id,
  name: string,
  rpc: string,
  cluster: Cluster,
  testnet: boolean,
) =>
  ({
    id,
    caipNetworkId: `solana:${id}`,
    chainNamespace: 'solana',
    name,
    nativeCurrency: SOL,
    rpcUrls: { default: { http: [rpc] } },
    blockExplorers: {
      default: {
        name: 'Solana Explorer',
        url: cluster ? `https://explorer.solana.com/?cluster=${cluster}` : 'https://explorer.solana.com',
      },
    },
    testnet,
  }) as const

export const solana = solanaNetwork(
  '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  'Solana',
  'https://api.mainnet-beta.solana.com',
  '',
  false,
)
export const solanaDevnet = solanaNetwork(
  'EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  'Solana Devnet',
  'https://api.devnet.solana.com',
  'devnet',
  true,
)
export const solanaTestnet = solanaNetwork(
  '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
  'Solana Testnet',
  'https://api.testnet.solana.com',
  'testnet',
  true,
)
/**
 * The repo's local Solana RPC (packages/devnet, on litesvm), as `npm start` serves it. Not a spec
 * network: the offline stand-in for the three above, like the devnet's anvil chains for eip155.
 */
export const solanaLocalnet = {
  id: SOLANA_LOCALNET_GENESIS_HASH.slice(0, 32),
  caipNetworkId: `solana:${SOLANA_LOCALNET_GENESIS_HASH.slice(0, 32)}`,
  chainNamespace: 'solana',
  name: 'Solana Localnet',
  nativeCurrency: SOL,
  rpcUrls: { default: { http: ['http://127.0.0.1:8899'] } },
  testnet: true,
} as const

/** Bitcoin networks have no JSON-RPC endpoint of their own: wallets broadcast (spec §3 bip122). */
export const bitcoin = {
  id: '000000000019d6689c085ae165831e93',
  caipNetworkId: 'bip122:000000000019d6689c085ae165831e93',
  chainNamespace: 'bip122',
  name: 'Bitcoin',
  nativeCurrency: BTC,
  rpcUrls: { default: { http: [] } },
  blockExplorers: { default: { name: 'mempool.space', url: 'https://mempool.space' } },
  testnet: false,
} as const
export const bitcoinTestnet = {
  id: '000000000933ea01ad0ee984209779ba',
  caipNetworkId: 'bip122:000000000933ea01ad0ee984209779ba',
  chainNamespace: 'bip122',
  name: 'Bitcoin Testnet',
  nativeCurrency: BTC,
  rpcUrls: { default: { http: [] } },
  blockExplorers: { default: { name: 'mempool.space', url: 'https://mempool.space/testnet' } },
  testnet: true,
} as const

export const DEFINED_NETWORKS = [
  baseSepolia,
  solana,
  solanaDevnet,
  solanaTestnet,
  bitcoin,
  bitcoinTestnet,
] as const

/**
 * Wallet Standard names chains its own way (`solana:mainnet`, `bitcoin:testnet`): the CAIP-2 id each
 * stands for, so a Wallet Standard wallet's `chains` can be matched with the dapp's networks.
 */
export const WALLET_STANDARD_CHAINS = {
  'solana:mainnet': solana.caipNetworkId,
  'solana:devnet': solanaDevnet.caipNetworkId,
  'solana:testnet': solanaTestnet.caipNetworkId,
  'solana:localnet': solanaLocalnet.caipNetworkId,
  'bitcoin:mainnet': bitcoin.caipNetworkId,
  'bitcoin:testnet': bitcoinTestnet.caipNetworkId,
} as const
