/** The namespaces feature's public surface (issue 15): its state and the method routing. */
import './state.ts'

export { namespaceOfMethod } from './methods.ts'
export { NAMESPACES_IDLE, type NamespaceConnection, type NamespacesState } from './state.ts'
