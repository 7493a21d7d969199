/**
 * Connectors run where their wallet lives (ARCHITECTURE.md): while the modal reports a wallet of this
 * page connected, the dapp's requests for that wallet (signing, sending: spec §6) go to it
 * directly, with no channel message. Its accounts and events reach the dapp through the modal,
 * which checks the addresses and chain ids first (issue 10: any script of the page can be a
 * wallet). Connect, disconnect and network switch go through the modal, and so do reads (answered
 * from the dapp's configured network) and any method no list allows (refused there). With no page
 * wallet connected (none, or WalletConnect), every request goes to the modal. Subscriptions go to
 * the connected page wallet, whose `message` events carry their results (SUBSCRIPTION_RPC_METHODS).
 */
import type { AccountSnapshot } from '@walletframe/protocol/host'
import {
  SUBSCRIPTION_RPC_METHODS,
  TRANSACTION_RPC_METHODS,
  WALLET_RPC_METHODS,
} from '@walletframe/protocol/host'
import type { InjectedWallet } from './discovery.ts'
import type { RpcParams } from './provider.ts'

export interface RouteTargets {
  /** The page wallet with this descriptor id, if it is (still) in the page. */
  findWallet(walletId: string): InjectedWallet | undefined
  /** The modal's answer to a dapp request (`rpc.request`). */
  viaModal(method: string, params?: RpcParams): Promise<unknown>
  /** The modal's network switch, which checks the network against the configured list. */
  switchNetwork(caipNetworkId: string): Promise<void>
  /** Tells the modal a page wallet sent a transaction, so that it refreshes the balance. */
  transactionSent(walletId: string): void
}

export interface WalletRoute {
  /** Follows the modal's `account.changed`: which connector, if any, is connected. */
  follow(account: AccountSnapshot): void
  request(method: string, params?: RpcParams): Promise<unknown>
}

export function createWalletRoute(targets: RouteTargets): WalletRoute {
  /** The connector the modal reports connected; WalletConnect's id names no page wallet. */
  let connectorId: string | undefined
  const connectedWallet = () => (connectorId === undefined ? undefined : targets.findWallet(connectorId))

  return {
    follow(account) {
      connectorId = account.status === 'connected' ? account.connectorId : undefined
    },
    async request(method, params) {
      const wallet = connectedWallet()
      if (!wallet || !(WALLET_RPC_METHODS.includes(method) || SUBSCRIPTION_RPC_METHODS.includes(method)))
        return targets.viaModal(method, params)
      if (method === 'wallet_switchEthereumChain') {
        // A chain id that is no number (eip155:NaN) the modal refuses as spec §8 'Invalid chainId'.
        const chainId = Number((params as { chainId?: unknown }[] | undefined)?.[0]?.chainId)
        await targets.switchNetwork(`eip155:${chainId}`)
        return null
      }
      const result = await wallet.provider.request(params === undefined ? { method } : { method, params })
      if (TRANSACTION_RPC_METHODS.includes(method)) targets.transactionSent(wallet.descriptor.id)
      return result
    },
  }
}
