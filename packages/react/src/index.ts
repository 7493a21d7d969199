/**
 * @walletframe/react: a Provider, hooks and a connect button over `@walletframe/sdk`, built on
 * `useSyncExternalStore`, safe under server rendering and `<StrictMode>`.
 */
export type { AccountState, EIP1193Provider, WalletFrame, WalletFrameOptions } from '@walletframe/sdk'
export { ConnectButton, type ConnectButtonProps, shortenAddress } from './connect-button.tsx'
export {
  type UseWalletFrame,
  type UseWalletFrameNetwork,
  useWalletFrame,
  useWalletFrameAccount,
  useWalletFrameNetwork,
  useWalletFrameProvider,
  useWalletFrameState,
} from './hooks.ts'
export { WalletFrameProvider, type WalletFrameProviderProps } from './provider.tsx'
