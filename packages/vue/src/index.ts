/**
 * @walletframe/vue: `app.use(createWalletFramePlugin(options))`, then `useWalletFrame()`,
 * `useWalletFrameAccount()` and `useWalletFrameState()` in any component. Safe under server-side
 * rendering: the instance exists only in the browser.
 */
export {
  type ReadonlyRef,
  type UseWalletFrame,
  useWalletFrame,
  useWalletFrameAccount,
  useWalletFrameState,
} from './composables.ts'
export { createWalletFramePlugin, WALLETFRAME_CONTEXT, type WalletFrameContext } from './plugin.ts'
