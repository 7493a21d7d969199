/**
 * The connection's lifecycle as state (spec §4 "Connection"): which connector is connected, and
 * what a connect, a disconnect, a reload or a wallet's own event do to the account in the store.
 * It only changes state; what the host page is told and where the router goes follow from that
 * state in app/ (host-api.ts, session.ts).
 */
import { fromHexChainId, STORAGE_KEYS, validEvmAccounts, type WalletDescriptor } from '@walletframe/protocol'
import type { Store } from '../../ui/store.ts'
import type {
  ConnectedAccount,
  HostStorage,
  SessionState,
  WalletConnector,
  WalletEventName,
} from '../core/index.ts'
import { withRecentWallet } from './wallet-list.ts'

export interface Connection {
  /** The connected connector, if any. */
  current(): WalletConnector | undefined
  connected(connector: WalletConnector, account: ConnectedAccount): void
  disconnected(): void
  /** The connected wallet moved to another chain. */
  chainChanged(chainId: number): void
  /** What a wallet did on its own; only the connected connector is listened to. */
  walletEvent(source: WalletConnector, event: WalletEventName, data: unknown): void
  /** Spec §4: a stored connected status becomes connecting while re-synced, then connected or not. */
  restore(
    storage: HostStorage,
    candidate: (connectorId: string | undefined) => WalletConnector | undefined,
    /** The re-sync failed (the connection is then disconnected): what to tell the user, if anything. */
    failed?: (error: unknown) => void,
  ): Promise<void>
  /** Ends the connection; the wallet is asked to forget it, but never waited on. */
  disconnect(onError: (error: unknown) => void): Promise<void>
}

export function createConnection(store: Store<SessionState>, log: (message: string) => void): Connection {
  let connector: WalletConnector | undefined

  /** A page wallet behind an injected connector joins the recent list (spec §5 "recent"). */
  const pageWallet = (active: WalletConnector): WalletDescriptor | undefined =>
    store.get().wallets.find((wallet) => wallet.id === active.id && active.type !== 'WALLET_CONNECT')

  const connection: Connection = {
    current: () => connector,
    connected(active, account) {
      connector = active
      const wallet = pageWallet(active)
      const { recent } = store.get()
      // One update, so that what follows from it sees a connection, not a chain switch first.
      store.set({
        recent: wallet ? withRecentWallet(recent, wallet) : recent,
        connecting: undefined,
        activeChainId: account.chainId,
        account: {
          status: 'connected',
          address: account.address,
          chainId: account.chainId,
          connectorId: active.id,
          ...(account.socialProvider ? { socialProvider: account.socialProvider } : {}),
          ...(account.type ? { type: account.type } : {}),
        },
      })
    },
    disconnected() {
      connector = undefined
      store.set({ account: { status: 'disconnected' } })
    },
    chainChanged(chainId) {
      const { account } = store.get()
      if (account.status !== 'connected' || account.chainId === chainId) return
      store.set({ account: { ...account, chainId }, activeChainId: chainId })
    },
    walletEvent(source, event, data) {
      const { account } = store.get()
      if (source !== connector || account.status !== 'connected') return
      if (event === 'chainChanged') {
        const chainId = fromHexChainId(data)
        if (chainId !== undefined) connection.chainChanged(chainId)
      } else if (event === 'accountsChanged') {
        // A list with any bad address changes nothing (issue 10): the wallet's word is not trusted.
        const accounts = validEvmAccounts(data)
        if (!accounts) return log(`${source.id}: accountsChanged ignored, not a list of valid addresses`)
        const next = accounts[0]
        if (!next) return connection.disconnected()
        if (next.toLowerCase() !== account.address?.toLowerCase())
          store.set({ account: { ...account, address: next } })
      } else if (event === 'disconnect') {
        connection.disconnected()
      }
    },
    async restore(storage, candidateFor, failed) {
      const wasConnected = storage.get(STORAGE_KEYS.connectionStatus) === 'connected'
      const candidate = candidateFor(storage.get(STORAGE_KEYS.connectorId))
      if (!wasConnected || !candidate) {
        // A hint left by a wallet that is no longer in the page: nothing to restore, say so.
        if (wasConnected) storage.set(STORAGE_KEYS.connectionStatus, 'disconnected')
        return
      }
      store.set({ account: { status: 'connecting', connectorId: candidate.id } })
      try {
        const account = await candidate.reconnect()
        if (account) return connection.connected(candidate, account)
      } catch (error) {
        log(`reconnect failed: ${(error as Error).message}`)
        failed?.(error)
      }
      connection.disconnected()
    },
    async disconnect(onError) {
      if (store.get().account.status === 'disconnected') return
      try {
        await connector?.disconnect()
      } catch (error) {
        onError(error)
      }
      connection.disconnected()
    },
  }
  return connection
}
