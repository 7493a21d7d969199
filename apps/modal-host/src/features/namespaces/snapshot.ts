import type { Namespace, NamespaceAccount } from '@walletframe/protocol'
import type { NamespaceConnection } from './state.ts'

/** What the host is told of a namespace's connection (`namespace.account`, `namespace.connect`). */
export function namespaceSnapshot(
  namespace: Namespace,
  connection: NamespaceConnection | undefined,
): NamespaceAccount {
  if (!connection) return { namespace, status: 'disconnected' }
  const { status, address, caipNetworkId, connectorId, addresses } = connection
  return {
    namespace,
    status,
    caipNetworkId,
    ...(status === 'connected' && address ? { address } : {}),
    ...(connectorId && status !== 'disconnected' ? { connectorId } : {}),
    ...(status === 'connected' && addresses ? { addresses } : {}),
  }
}
