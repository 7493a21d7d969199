/** The namespaces feature's chunk: fetched when the dapp configured Solana or Bitcoin networks. */
export { createNamespaces, type Namespaces, type NamespacesContext } from './namespaces.ts'
export { createPageWalletConnector } from './page-wallet.ts'
