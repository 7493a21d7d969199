/**
 * The embedded wallet's Solana account as a connector (issue 15; spec §6: the auth connector serves
 * eip155 and solana): the key frame derived it from the same secret, so connecting asks nothing of
 * the user; every `solana_*` request goes to the key frame on the connection's network, and the
 * signing ones (APPROVAL_RPC_METHODS) through its approval, with the transaction decoded there.
 */
import {
  APPROVAL_RPC_METHODS,
  type FrameParams,
  type FrameUser,
  MODAL_ERRORS,
  WalletFrameError,
} from '@walletframe/protocol'
import type { NamespaceConnector } from '../core/index.ts'
import type { Approve, AuthConnector } from './auth-connector.ts'

/** The Solana account among the key frame user's accounts, if it has one. */
export const solanaAccountOf = (accounts: FrameUser['accounts'] | undefined) =>
  accounts?.find((account) => account.namespace === 'solana')?.address

export function createEmbeddedSolanaConnector(context: {
  connector: Pick<AuthConnector, 'id' | 'frame'>
  approve: Approve
  /** The signed-in user's accounts, as the key frame last described them. */
  accounts(): FrameUser['accounts'] | undefined
}): NamespaceConnector {
  return {
    id: context.connector.id,
    name: 'Email',
    namespace: 'solana',
    async connect() {
      const address = solanaAccountOf(context.accounts())
      if (!address) throw new WalletFrameError(MODAL_ERRORS.walletNoAccount)
      return { address }
    },
    async request(method, params, { network, signal }) {
      const frame = await context.connector.frame()
      const rpc = {
        method,
        caipNetworkId: network.caipNetworkId,
        ...(params === undefined ? {} : { params: params as FrameParams<'frame.rpcRequest'>['params'] }),
      }
      if (!APPROVAL_RPC_METHODS.includes(method))
        return frame.request('frame.rpcRequest', rpc, signal ? { signal } : {})
      return context.approve(
        (approved) => frame.request('frame.rpcRequest', rpc, { signal: approved }),
        signal,
      )
    },
    // The Solana account lives as long as the embedded session: signing out ends both (EVM side).
    disconnect: async () => undefined,
  }
}
