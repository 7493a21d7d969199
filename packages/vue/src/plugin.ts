/**
 * The Vue plugin: one WalletFrame per app, made only in the browser. A server renders every request
 * with an app of its own and no instance at all, so no user's account can reach another's HTML
 * (issue 13: the server-side singleton that leaked wallets in other kits).
 */
import { createWalletFrame, type WalletFrame, type WalletFrameOptions } from '@walletframe/sdk'
import type { App, InjectionKey, Plugin } from 'vue'

/** What the plugin provides to its app: the instance, or undefined while rendering on a server. */
export interface WalletFrameContext {
  walletFrame: WalletFrame | undefined
}

export const WALLETFRAME_CONTEXT: InjectionKey<WalletFrameContext> = Symbol('walletframe')

/** `app.use(createWalletFramePlugin(options))`: the options are those of `createWalletFrame`. */
export function createWalletFramePlugin(options: WalletFrameOptions): Plugin {
  return walletFramePlugin(() => createWalletFrame(options))
}

/** The plugin around any maker of the instance (tests give one they can watch). */
export function walletFramePlugin(create: () => WalletFrame): Plugin {
  return {
    install(app: App) {
      const walletFrame = typeof window === 'undefined' ? undefined : create()
      app.provide(WALLETFRAME_CONTEXT, { walletFrame })
      // Its frame and listeners go with the app (a test or a micro-frontend unmounting it).
      if (walletFrame) app.onUnmount(() => walletFrame.destroy())
    },
  }
}
