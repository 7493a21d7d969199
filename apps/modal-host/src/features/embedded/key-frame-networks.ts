/**
 * The networks the key frame is told about at its hello: the dapp's networks where the embedded
 * wallet works (spec §9), each with only what signing needs, and the deployment's bundler where
 * there is one (the smart account's user operations go there, issue 14).
 */
import {
  type BundlerUrls,
  EMBEDDED_WALLET_CHAIN_IDS,
  type FrameNetwork,
  type FrameSolanaNetwork,
  type NamespaceNetwork,
  type Network,
} from '@walletframe/protocol'

export function keyFrameNetworks(networks: readonly Network[], bundlerUrls: BundlerUrls): FrameNetwork[] {
  return networks
    .filter((network) => EMBEDDED_WALLET_CHAIN_IDS.includes(network.id))
    .map(({ id, name, nativeCurrency, rpcUrls }) => {
      const bundlerUrl = bundlerUrls[String(id)]
      return {
        id,
        name,
        nativeCurrency,
        rpcUrl: rpcUrls.default.http.find((url) => /^https?:/.test(url)) ?? '',
        ...(bundlerUrl ? { bundlerUrl } : {}),
      }
    })
}

/** The dapp's Solana networks with an RPC URL: the embedded Solana account sends there (issue 15). */
export const keyFrameSolanaNetworks = (networks: readonly NamespaceNetwork[]): FrameSolanaNetwork[] =>
  networks.flatMap(({ chainNamespace, caipNetworkId, name, rpcUrls }) => {
    const rpcUrl = rpcUrls.default.http[0]
    return chainNamespace === 'solana' && rpcUrl ? [{ caipNetworkId, name, rpcUrl }] : []
  })
