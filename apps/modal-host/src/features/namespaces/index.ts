/** The namespaces feature's public surface (issue 15): its state and the views' hooks. */
import './state.ts'

export { mintOf, nativeBalance } from './namespace-balances.ts'
export { namespaceSnapshot } from './snapshot.ts'
export { NAMESPACES_IDLE, type NamespaceConnection, type NamespacesState } from './state.ts'
export { type BalancesState, useActiveNamespace, useNamespaceBalances } from './use-namespace.ts'
