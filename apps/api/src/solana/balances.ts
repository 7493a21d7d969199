import { type Address, createSolanaRpc, type Rpc, type SolanaRpcApi } from '@solana/kit'
import type { ApiCurrency, TokenBalance } from '@walletframe/protocol'
import { type AssetInfo, tokenBalance } from '../chain/token-balance.ts'
import type { ApiContext } from '../context.ts'
import { ApiError } from '../errors.ts'
import type { SolanaNetworkConfig, SolanaTokenConfig } from './config.ts'
import { solanaPriceKey } from './price-key.ts'

/** A served Solana network: its configuration and a client of its RPC. */
export interface SolanaNetwork {
  config: SolanaNetworkConfig
  rpc: Rpc<SolanaRpcApi>
}

const SPL_TOKEN_PROGRAMS = [
  'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
  'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb',
] as Address[]
const SOL = { name: 'Solana', symbol: 'SOL', decimals: 9 } as const

export function createSolanaNetworks(configs: readonly SolanaNetworkConfig[]): Map<string, SolanaNetwork> {
  return new Map(
    configs.map((config) => [config.caipNetworkId, { config, rpc: createSolanaRpc(config.rpcUrl) }]),
  )
}

/** As servesBalances for chains (spec §5): not for testnets, unless the network is priced (the localnet). */
export const servesSolanaBalances = (network: SolanaNetwork) =>
  !network.config.testnet || network.config.pricedBalances

/** The network a request's `solana:` chainId names, or a 400 UNSUPPORTED_CHAIN. */
export function requestedSolanaNetwork(context: ApiContext, caipNetworkId: string): SolanaNetwork {
  const network = context.solana.get(caipNetworkId)
  if (!network) throw new ApiError('unsupportedChain', `Unsupported chain: ${caipNetworkId}`)
  return network
}

/** The mints `owner` holds a non-zero balance of on one network (both token programs), in base units. */
async function splHoldings(network: SolanaNetwork, owner: Address) {
  const held = new Map<string, { amount: bigint; decimals: number }>()
  const lists = await Promise.all(
    SPL_TOKEN_PROGRAMS.map((programId) =>
      network.rpc.getTokenAccountsByOwner(owner, { programId }, { encoding: 'jsonParsed' }).send(),
    ),
  )
  for (const { value } of lists) {
    for (const { account } of value) {
      const { mint, tokenAmount } = account.data.parsed.info
      const previous = held.get(mint)?.amount ?? 0n
      // An owner may hold one mint in several accounts: the balance is their sum.
      held.set(mint, { amount: previous + BigInt(tokenAmount.amount), decimals: tokenAmount.decimals })
    }
  }
  return held
}

/** A mint the configuration does not know is shown by its address, with the decimals it reports. */
function unknownMint(mint: string, decimals: number): SolanaTokenConfig {
  return { mint, name: mint, symbol: `${mint.slice(0, 4)}…${mint.slice(-4)}`, decimals }
}

/**
 * SOL and SPL balances (Token and Token-2022 programs) of a Solana account on `networks`, priced.
 * SOL is always there; SPL tokens only when held (a zero balance is left out, as for ERC-20s).
 */
export async function loadSolanaBalances(
  context: ApiContext,
  owner: Address,
  networks: readonly SolanaNetwork[],
  currency: ApiCurrency,
): Promise<TokenBalance[]> {
  const perNetwork = await Promise.all(
    networks.filter(servesSolanaBalances).map(async (network) => {
      const [native, holdings] = await Promise.all([
        network.rpc.getBalance(owner).send(),
        splHoldings(network, owner),
      ]).catch((error: unknown) => {
        throw new ApiError('chainUnavailable', undefined, { cause: error })
      })
      const known = new Map(network.config.tokens.map((token) => [token.mint, token]))
      const tokens = [...holdings]
        .filter(([, { amount }]) => amount > 0n)
        .map(([mint, { amount, decimals }]) => ({
          token: known.get(mint) ?? unknownMint(mint, decimals),
          amount,
        }))
      return { network, native: native.value, tokens }
    }),
  )
  const keys = perNetwork.flatMap(({ network, tokens }) => [
    solanaPriceKey(network.config.caipNetworkId, 'native'),
    ...tokens.map(({ token }) => solanaPriceKey(network.config.caipNetworkId, token.mint)),
  ])
  const prices = await context.prices.getPrices(
    keys.map((key) => key.toLowerCase()),
    currency,
  )
  const entry = (caipNetworkId: string, key: string, asset: AssetInfo, amount: bigint) =>
    tokenBalance({ caipNetworkId, key, asset, amount, price: prices.get(key.toLowerCase()) ?? 0 })
  return perNetwork.flatMap(({ network, native, tokens }) => {
    const id = network.config.caipNetworkId
    return [
      entry(id, solanaPriceKey(id, 'native'), SOL, native),
      ...tokens.map(({ token, amount }) => entry(id, solanaPriceKey(id, token.mint), token, amount)),
    ]
  })
}
