/**
 * The namespaces as the session uses them (issue 15): the connections (namespaces.ts) with their
 * page-wallet connectors, the views' intents, and what the host is told of each namespace, derived
 * from state changes. In the feature's chunk: app/session-namespaces.ts fetches it when needed.
 */
import {
  type Messenger,
  type ModalInit,
  type Namespace,
  type NamespaceAccount,
  type NamespaceNetwork,
  STORAGE_KEYS,
  type ViewName,
  type WalletDescriptor,
} from '@walletframe/protocol'
import type { Store } from '../../ui/store.ts'
import type { HostStorage, NamespaceConnector, SessionState } from '../core/index.ts'
import { createNamespaces } from './namespaces.ts'
import { createPageWalletConnector } from './page-wallet.ts'
import { activeNamespaceOf, hintsOf, isNamespaceHints, restoreNamespaces } from './restore.ts'
import { namespaceSnapshot } from './snapshot.ts'

export interface NamespaceSessionContext {
  store: Store<SessionState>
  init(): ModalInit | undefined
  messenger(): Messenger<'child'> | undefined
  /** The host page's storage, where each connection leaves what restores it (restore.ts). */
  storage(): HostStorage | undefined
  /** The embedded wallet's account of a namespace, while the EVM connection is the embedded wallet's. */
  embedded(namespace: Namespace): NamespaceConnector | undefined
  /** Shows a view: on top of the stack (`push`), opening the modal on it (`open`), or as the only one. */
  show(view: ViewName, how: 'push' | 'open' | 'reset'): void
  toast(message: string): void
  log(message: string): void
}

type Connections = SessionState['namespaces']['connections']

export function createNamespaceSession(context: NamespaceSessionContext) {
  const { store } = context
  const networks = () => context.init()?.namespaceNetworks ?? []
  /** What the host is told: the SDK adapter's `namespace.account`. */
  const tell = (account: NamespaceAccount) => context.messenger()?.emit('namespace.account', account)
  const pageWallet = (wallet: WalletDescriptor, namespace: Namespace) =>
    createPageWalletConnector(wallet, namespace, context.messenger()!)
  const namespaces = createNamespaces({
    store,
    networks,
    embedded: context.embedded,
    pageWallet,
    showConnect: () => context.show('Connect', store.get().open ? 'push' : 'open'),
    showAccount: () => context.show('Account', 'reset'),
    log: context.log,
  })
  /** Spec §3 "connected namespaces": the hints change with the connections, never while one connects. */
  const rememberConnections = (now: Connections) => {
    const storage = context.storage()
    if (!storage || Object.values(now).some((connection) => connection?.status === 'connecting')) return
    const hints = hintsOf(now)
    if (Object.keys(hints).length === 0) storage.remove(STORAGE_KEYS.connectedNamespaces)
    else storage.setJson(STORAGE_KEYS.connectedNamespaces, hints)
  }
  /** An intent of the views: a failure is a toast (the connector's message), never a rejection. */
  const shown = async (run: () => Promise<void>) => {
    try {
      await run()
    } catch (error) {
      context.toast((error as Error).message)
    }
  }

  return {
    pickNamespaceNetwork: (network: NamespaceNetwork) => shown(() => namespaces.pickNetwork(network)),
    connectNamespaceWallet: (wallet: WalletDescriptor, namespace: Namespace) =>
      shown(() => namespaces.connectPageWallet(wallet, namespace)),
    disconnectNamespace: (namespace: Namespace) => shown(() => namespaces.disconnect(namespace)),
    namespaceRequest: (namespace: Namespace, method: string, params: unknown) =>
      namespaces.request(namespace, method, params),
    /** A dapp request of another namespace (rpc.request with its namespace). */
    request: namespaces.request,
    /** The SDK adapters' `namespace.connect` (4001 when the user closes the modal) and `namespace.disconnect`. */
    connect: namespaces.connect,
    disconnect: namespaces.disconnect,
    activateEvm: namespaces.activateEvm,
    /**
     * After the handshake: follows the page wallets' own events, tells the host each namespace the
     * dapp configured, as it stands, and restores the connections the page had before a reload.
     */
    start() {
      context
        .messenger()
        ?.on('host.walletEvent', ({ walletId, event, data }) => namespaces.walletEvent(walletId, event, data))
      for (const namespace of new Set(networks().map((n) => n.chainNamespace)))
        tell(namespaceSnapshot(namespace, store.get().namespaces.connections[namespace]))
      const storage = context.storage()
      const hints = storage?.getJson(STORAGE_KEYS.connectedNamespaces, isNamespaceHints)
      if (hints)
        restoreNamespaces(hints, activeNamespaceOf(storage?.get(STORAGE_KEYS.activeNamespace)), {
          store,
          networks,
          embedded: context.embedded,
          pageWallet,
          reconnect: namespaces.reconnect,
          log: context.log,
        })
    },
    /** What one change of state tells the host of the other namespaces, and what it ends. */
    onChange(prev: SessionState, next: SessionState) {
      const [was, now] = [prev.namespaces.connections, next.namespaces.connections]
      if (was !== now) {
        for (const namespace of Object.keys(now) as Namespace[]) {
          const after = namespaceSnapshot(namespace, now[namespace])
          if (JSON.stringify(after) !== JSON.stringify(namespaceSnapshot(namespace, was[namespace])))
            tell(after)
        }
        rememberConnections(now)
      }
      // Spec §3 "active namespace": which account the modal shows, for the restore after a reload.
      if (prev.namespaces.active !== next.namespaces.active)
        context.storage()?.set(STORAGE_KEYS.activeNamespace, next.namespaces.active)
      // The Connect view lists another namespace's wallets only while it is on screen.
      const leftConnect = prev.open && prev.view === 'Connect' && (next.view !== 'Connect' || !next.open)
      if (next.namespaces.connectFor && leftConnect)
        store.set((s) => ({ namespaces: { ...s.namespaces, connectFor: undefined } }))
      // The embedded wallet's accounts of other namespaces end with its EVM session.
      if (prev.account.status === 'connected' && next.account.status === 'disconnected')
        namespaces.evmDisconnected(prev.account.connectorId)
    },
  }
}

export type NamespaceSession = ReturnType<typeof createNamespaceSession>
