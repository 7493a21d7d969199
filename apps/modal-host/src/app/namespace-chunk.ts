/**
 * Everything of the other namespaces (issue 15) in one chunk: their session and their Connect view
 * (their Account, Send and Receive views are in those features' chunks). One chunk rather than several, so
 * that the bundler keeps the modules they share with the EVM views in the chunks it already has
 * (split chunks measured 1.7 KB more first-load JS).
 */

export { NamespaceWalletsView } from '../features/namespaces/NamespaceWalletsView.tsx'
export { createNamespaceSession, type NamespaceSession } from '../features/namespaces/namespace-session.ts'
