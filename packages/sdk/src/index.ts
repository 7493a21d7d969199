/**
 * @walletframe/sdk: the host page's only code. Importing it touches no DOM (server-side rendering
 * is safe); `createWalletFrame` does the work, in the browser.
 */
export type { WalletFrameAdapter } from './adapter.ts'
export type { ChainLike, WalletFrameOptions } from './options.ts'
export type { EIP1193Provider, ProviderEvent, ProviderMessage, RequestArguments } from './provider.ts'
export {
  type AccountState,
  createWalletFrame,
  type NamespaceProviders,
  type WalletFrame,
  type WalletListing,
} from './wallet-frame.ts'
