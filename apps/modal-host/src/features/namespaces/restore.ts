/**
 * The other namespaces' connections across a reload (spec §3 "connected namespaces", §4: another
 * namespace reconnects through the embedded wallet where applicable). A connection leaves a hint
 * in the host page (its connector and network, nothing secret); after a reload each hint is tried
 * once its connector is there (the embedded wallet's EVM session restored, or the page wallet
 * announced), without asking the user anything. A hint that cannot be kept is dropped with it.
 * The active namespace is stored beside the hints (`active-namespace`).
 */
import {
  type ConnectedNamespaces,
  ConnectedNamespacesSchema,
  type Namespace,
  type NamespaceNetwork,
  NamespaceSchema,
  type WalletDescriptor,
} from '@walletframe/protocol'
import type { Store } from '../../ui/store.ts'
import type { NamespaceConnector, SessionState } from '../core/index.ts'

/** What restores one namespace: the connector it was connected through, on its network. */
type NamespaceHint = NonNullable<ConnectedNamespaces[Namespace]>

/** The stored hints, as the host page returned them: anything else restores nothing. */
export const isNamespaceHints = (value: unknown): value is ConnectedNamespaces =>
  ConnectedNamespacesSchema.safeParse(value).success

/** The stored active namespace when it is another namespace's (eip155 needs no restoring). */
export const activeNamespaceOf = (stored: string | undefined): Namespace | undefined => {
  const parsed = NamespaceSchema.safeParse(stored)
  return parsed.success ? parsed.data : undefined
}

/** The hints of the connections as they stand: one per connected namespace. */
export function hintsOf(connections: SessionState['namespaces']['connections']): ConnectedNamespaces {
  const hints: ConnectedNamespaces = {}
  for (const [namespace, connection] of Object.entries(connections) as [
    Namespace,
    typeof connections.solana,
  ][])
    if (connection?.status === 'connected' && connection.connectorId)
      hints[namespace] = { connectorId: connection.connectorId, caipNetworkId: connection.caipNetworkId }
  return hints
}

export interface RestoreContext {
  store: Store<SessionState>
  networks(): readonly NamespaceNetwork[]
  /** The embedded wallet's account of `namespace`, while the EVM connection is the embedded wallet's. */
  embedded(namespace: Namespace): NamespaceConnector | undefined
  pageWallet(wallet: WalletDescriptor, namespace: Namespace): NamespaceConnector
  /**
   * Connects without a prompt and without changing the view, making the namespace the active one
   * with `activate`; rejects when it cannot.
   */
  reconnect(connector: NamespaceConnector, network: NamespaceNetwork, activate: boolean): Promise<void>
  log(message: string): void
}

/**
 * Tries each hint on every change of state until its connector is there. A namespace the user
 * connected or is connecting meanwhile is theirs: its hint is dropped untried. The namespace that
 * was `active` before the reload is active again once restored (spec §3 "active namespace").
 */
export function restoreNamespaces(
  hints: ConnectedNamespaces,
  active: Namespace | undefined,
  context: RestoreContext,
): void {
  const pending = new Map(Object.entries(hints) as [Namespace, NamespaceHint][])
  const connectorFor = (namespace: Namespace, hint: NamespaceHint) => {
    const embedded = context.embedded(namespace)
    if (embedded?.id === hint.connectorId) return embedded
    const wallet = context.store
      .get()
      .wallets.find((w) => w.id === hint.connectorId && w.namespace === namespace)
    return wallet ? context.pageWallet(wallet, namespace) : undefined
  }
  const attempt = () => {
    for (const [namespace, hint] of pending) {
      const network = context.networks().find((n) => n.caipNetworkId === hint.caipNetworkId)
      const status = context.store.get().namespaces.connections[namespace]?.status
      if (!network || (status !== undefined && status !== 'disconnected')) {
        pending.delete(namespace)
        continue
      }
      const connector = connectorFor(namespace, hint)
      if (!connector) continue
      pending.delete(namespace)
      context.reconnect(connector, network, namespace === active).catch((error: Error) => {
        context.log(`${namespace} connection not restored: ${error.message}`)
      })
    }
    if (pending.size === 0) unsubscribe()
  }
  const unsubscribe = context.store.subscribe(attempt)
  attempt()
}
