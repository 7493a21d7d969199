/**
 * Switching the connected wallet to a configured network (spec §4 "Network switching"): ask the
 * wallet to switch; a wallet that does not know the chain (4902) is asked to add it, then to
 * switch. Failures other than the user's refusal are shown as a toast.
 */
import {
  MODAL_ERRORS,
  type Network,
  PROVIDER_ERRORS,
  toHexChainId,
  WalletFrameError,
} from '@walletframe/protocol'
import type { WalletConnector } from '../core/index.ts'

export async function switchWalletNetwork(
  connector: WalletConnector,
  network: Network,
  toast: (message: string) => void,
  /** The host request's signal (network.switch): cancelling it ends the wallet's prompt. */
  signal?: AbortSignal,
): Promise<void> {
  const chainId = toHexChainId(network.id)
  const options = signal ? { signal } : {}
  try {
    try {
      await connector.request('wallet_switchEthereumChain', [{ chainId }], options)
    } catch (error) {
      if ((error as { code?: unknown }).code !== PROVIDER_ERRORS.unrecognizedChain.code) throw error
      await connector.request(
        'wallet_addEthereumChain',
        [
          {
            chainId,
            chainName: network.name,
            nativeCurrency: network.nativeCurrency,
            rpcUrls: network.rpcUrls.default.http,
            ...(network.blockExplorers ? { blockExplorerUrls: [network.blockExplorers.default.url] } : {}),
          },
        ],
        options,
      )
      await connector.request('wallet_switchEthereumChain', [{ chainId }], options)
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code
    if (code !== PROVIDER_ERRORS.userRejected.code) toast(MODAL_ERRORS.chainNotSupported.message)
    throw new WalletFrameError(
      { ...MODAL_ERRORS.chainNotSupported, ...(typeof code === 'number' ? { code } : {}) },
      { cause: error },
    )
  }
}
