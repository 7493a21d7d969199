/**
 * The session's wiring of the other namespaces (issue 15): the namespaces feature is a chunk of its
 * own, fetched only when the dapp configured Solana or Bitcoin networks (the modal's first load
 * stays within its budget); what the host is told of each namespace follows from state changes.
 */
import type {
  Messenger,
  ModalInit,
  Namespace,
  NamespaceAccount,
  NamespaceNetwork,
  ViewName,
  WalletDescriptor,
} from '@walletframe/protocol'
import type { NamespaceConnector, SessionState } from '../features/core/index.ts'
import type { Namespaces } from '../features/namespaces/chunk.ts'
import { namespaceSnapshot as snapshotOf } from '../features/namespaces/snapshot.ts'
import type { Store } from '../ui/store.ts'

export function namespacesIntents(context: {
  store: Store<SessionState>
  init(): ModalInit | undefined
  messenger(): Messenger<'child'> | undefined
  /** The embedded wallet's account of a namespace, while the EVM connection is the embedded wallet's. */
  embedded(namespace: Namespace): NamespaceConnector | undefined
  /** Shows a view: Connect on top of the network list (the modal opens on it when closed), Account in place of the stack. */
  push(view: ViewName): void
  open(view: ViewName): void
  reset(view: ViewName): void
  toast(message: string): void
  log(message: string): void
}) {
  const { store } = context
  let loaded: Promise<Namespaces> | undefined
  const networks = () => context.init()?.namespaceNetworks ?? []
  const namespaces = () =>
    (loaded ??= import('../features/namespaces/chunk.ts').then((m) =>
      m.createNamespaces({
        store,
        networks,
        embedded: context.embedded,
        pageWallet: (wallet, namespace) => m.createPageWalletConnector(wallet, namespace, context.messenger()!),
        showConnect: () => (store.get().open ? context.push('Connect') : context.open('Connect')),
        showAccount: () => context.reset('Account'),
        log: context.log,
      }),
    ))
  /** An intent of the views: failures are a toast (the connector's message), never a rejection. */
  const shown = async (run: (n: Namespaces) => Promise<void>) => {
    try {
      await run(await namespaces())
    } catch (error) {
      context.toast((error as Error).message)
    }
  }

  return {
    intents: {
      namespaceNetworks: networks,
      pickNamespaceNetwork: (network: NamespaceNetwork) => shown((n) => n.pickNetwork(network)),
      connectNamespaceWallet: (wallet: WalletDescriptor, namespace: Namespace) =>
        shown((n) => n.connectPageWallet(wallet, namespace)),
      disconnectNamespace: (namespace: Namespace) => shown((n) => n.disconnect(namespace)),
      namespaceRequest: async (namespace: Namespace, method: string, params: unknown) =>
        (await namespaces()).request(namespace, method, params),
    },
    /** The SDK adapter's `namespace.connect`: the connection once connected. */
    connect: async (namespace: Namespace, walletId: string | undefined, signal: AbortSignal) =>
      (await namespaces()).connect(namespace, walletId, signal),
    disconnect: async (namespace: Namespace) => (await namespaces()).disconnect(namespace),
    /** After the handshake: each namespace the dapp configured, as it stands (disconnected). */
    announce(tell: (account: NamespaceAccount) => void) {
      for (const namespace of new Set(networks().map((n) => n.chainNamespace)))
        tell({ namespace, status: 'disconnected' })
    },
    /** A dapp request of another namespace (rpc.request with its namespace). */
    request: async (namespace: Namespace, method: string, params: unknown, signal?: AbortSignal) =>
      (await namespaces()).request(namespace, method, params, signal),
    /** An EVM network was picked: the EVM account is shown again. */
    activateEvm: () => void loaded?.then((n) => n.activateEvm()),
    /** What one change of state tells the host of the other namespaces, and what it ends. */
    onChange(prev: SessionState, next: SessionState, tell: (account: NamespaceAccount) => void) {
      const [was, now] = [prev.namespaces.connections, next.namespaces.connections]
      if (was !== now)
        for (const namespace of Object.keys(now) as Namespace[]) {
          const before = JSON.stringify(snapshotOf(namespace, was[namespace]))
          const after = snapshotOf(namespace, now[namespace])
          if (JSON.stringify(after) !== before) tell(after)
        }
      // The Connect view lists another namespace's wallets only while it is on screen.
      if (next.namespaces.connectFor && prev.view === 'Connect' && (next.view !== 'Connect' || !next.open))
        store.set((s) => ({ namespaces: { ...s.namespaces, connectFor: undefined } }))
      // The embedded wallet's accounts of other namespaces end with its EVM session.
      if (prev.account.status === 'connected' && next.account.status === 'disconnected')
        void loaded?.then((n) => n.evmDisconnected(prev.account.connectorId))
    },
  }
}
