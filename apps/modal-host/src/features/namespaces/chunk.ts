/** The namespaces feature's chunk: fetched when the dapp configured Solana or Bitcoin networks. */
export { createNamespaceSession, type NamespaceSession, type NamespaceSessionContext } from './namespace-session.ts'
