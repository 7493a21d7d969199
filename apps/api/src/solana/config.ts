/**
 * The Solana networks whose balances the API serves (spec §6: balances on eip155 and solana): each
 * one's RPC URL from WF_SOLANA_RPC_URLS, defaulting to the local stack's Solana RPC for the
 * `solanaLocalnet` network, with the local dUSD mint when the RPC was started in the same process.
 */
import {
  SOLANA_NETWORK_ID_PATTERN,
  solana,
  solanaDevnet,
  solanaLocalnet,
  solanaTestnet,
} from '@walletframe/protocol'
import type { StackConfig } from '@walletframe/stack'

type Env = Record<string, string | undefined>

/** An SPL mint whose metadata the API knows; other mints are shown by their address. */
export interface SolanaTokenConfig {
  mint: string
  name: string
  symbol: string
  decimals: number
  iconUrl?: string | undefined
}

export interface SolanaNetworkConfig {
  /** `solana:<first 32 characters of the genesis hash>`. */
  caipNetworkId: string
  name: string
  rpcUrl: string
  testnet: boolean
  /** As ChainConfig.pricedBalances: a testnet's balances are served only when this says so. */
  pricedBalances: boolean
  tokens: SolanaTokenConfig[]
}

/** What the local Solana RPC reports of its fixture token (packages/devnet `SolanaFixtures`). */
export interface LocalSolanaFixtures {
  token: { mint: string; name: string; symbol: string; decimals: number }
}

export const SOLANA_LOCALNET_ID = solanaLocalnet.caipNetworkId

/** The Solana clusters the API knows by CAIP-2 id (spec §3), and the local one. */
const KNOWN_SOLANA_NETWORKS: ReadonlyMap<string, { name: string; testnet: boolean }> = new Map(
  [solana, solanaDevnet, solanaTestnet, solanaLocalnet].map((network) => [network.caipNetworkId, network]),
)

/**
 * `WF_SOLANA_RPC_URLS`: `<caip2>=<url>` comma-separated, e.g.
 * `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp=https://rpc.example`; `none` serves no Solana network.
 * Unset: the stack's local Solana RPC as the localnet. A malformed entry fails the start-up.
 */
export function resolveSolanaNetworks(
  env: Env,
  stack: StackConfig,
  fixtures: LocalSolanaFixtures | undefined,
  devnetPriced: boolean,
): SolanaNetworkConfig[] {
  const raw = env.WF_SOLANA_RPC_URLS?.trim()
  if (raw === 'none') return []
  const entries: Array<[string, string]> = raw
    ? raw.split(',').map((entry) => {
        const at = entry.indexOf('=')
        return [entry.slice(0, at).trim(), entry.slice(at + 1).trim()]
      })
    : [[SOLANA_LOCALNET_ID, stack.solana.rpcUrl]]
  const seen = new Set<string>()
  return entries.map(([caipNetworkId, rpcUrl]) => {
    const where = `WF_SOLANA_RPC_URLS "${caipNetworkId}=${rpcUrl}"`
    if (!SOLANA_NETWORK_ID_PATTERN.test(caipNetworkId))
      throw new Error(`${where}: the network must be a CAIP-2 id such as ${solana.caipNetworkId}`)
    if (!/^https?:\/\/[^\s]+$/.test(rpcUrl)) throw new Error(`${where}: the RPC URL must be http(s)`)
    if (seen.has(caipNetworkId)) throw new Error(`${where}: the network is listed twice`)
    seen.add(caipNetworkId)
    // A cluster the API does not know is one the operator chose to serve: like mainnet.
    const known = KNOWN_SOLANA_NETWORKS.get(caipNetworkId) ?? { name: caipNetworkId, testnet: false }
    const local = caipNetworkId === SOLANA_LOCALNET_ID
    return {
      caipNetworkId,
      name: known.name,
      rpcUrl,
      testnet: known.testnet,
      // The localnet is the Solana side of the devnet: priced like it (ChainConfig.pricedBalances).
      pricedBalances: local && devnetPriced,
      tokens: local && fixtures ? [{ ...fixtures.token }] : [],
    }
  })
}
