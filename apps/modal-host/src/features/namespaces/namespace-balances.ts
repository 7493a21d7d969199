/**
 * Balances of a Solana or Bitcoin account (issue 15; spec §6: balances on eip155 and solana, from
 * the data API, which serves the networks it is configured for: the local Solana RPC's among them,
 * as it serves the devnet's EVM chains). A network it does not serve shows no balances on a Solana
 * testnet (spec §5: 0.00 on a testnet) and 'unsupported' otherwise; a Bitcoin balance without an
 * Esplora API is 'unsupported' too: the view then says the balance is unavailable, never 0.
 */
import { type NamespaceNetwork, SOLANA_NATIVE_TOKEN_ADDRESS, type TokenBalance } from '@walletframe/protocol'
import type { ApiClient } from '../core/index.ts'

export type NamespaceBalances = TokenBalance[] | 'unsupported'

export async function readNamespaceBalances(
  api: ApiClient,
  address: string,
  network: NamespaceNetwork,
  forceUpdate = false,
): Promise<NamespaceBalances> {
  try {
    return await api.balance(address, network.caipNetworkId, forceUpdate)
  } catch {
    return network.testnet && network.chainNamespace === 'solana' ? [] : 'unsupported'
  }
}

/** The mint of a Solana balance (`solana:<ref>:<mint>`); undefined for SOL itself. */
export const mintOf = (token: TokenBalance): string | undefined => {
  const mint = token.address.split(':').at(-1)
  return mint === SOLANA_NATIVE_TOKEN_ADDRESS ? undefined : mint
}

/** The native currency's entry of a balance list (SOL's address is SOLANA_NATIVE_TOKEN_ADDRESS). */
export const nativeBalance = (balances: readonly TokenBalance[], network: NamespaceNetwork) =>
  balances.find((token) =>
    network.chainNamespace === 'solana'
      ? mintOf(token) === undefined
      : token.symbol === network.nativeCurrency.symbol,
  )
