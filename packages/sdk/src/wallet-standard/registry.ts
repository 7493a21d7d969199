/**
 * The Wallet Standard's window events, by hand (what `@wallet-standard/app` and `/wallet` do, in a
 * few lines): an app announces `wallet-standard:app-ready` with a `register` API and listens for
 * `wallet-standard:register-wallet`, whose detail is a callback given that API; a wallet does the
 * reverse. Either side may start first. The shapes a wallet exposes are in ./types.ts.
 */
import type { StandardWallet } from './types.ts'

const APP_READY = 'wallet-standard:app-ready'
const REGISTER_WALLET = 'wallet-standard:register-wallet'

interface RegistryApi {
  register(...wallets: StandardWallet[]): () => void
}

/**
 * Calls `onWallet` with every wallet registered in the page, those that registered before and
 * those that register later; returns the function that stops listening.
 */
export function watchStandardWallets(win: Window, onWallet: (wallet: StandardWallet) => void): () => void {
  const api: RegistryApi = Object.freeze({
    register(...wallets: StandardWallet[]) {
      for (const wallet of wallets) onWallet(wallet)
      return () => {}
    },
  })
  const onRegister = (event: Event) => {
    const callback = (event as CustomEvent).detail
    // Any script of the page may send the event: a detail that is no callback, or throws, is ignored.
    try {
      if (typeof callback === 'function') callback(api)
    } catch {}
  }
  win.addEventListener(REGISTER_WALLET, onRegister)
  win.dispatchEvent(new CustomEvent(APP_READY, { detail: api }))
  return () => win.removeEventListener(REGISTER_WALLET, onRegister)
}

/** Registers `wallet` with every app of the page, now and later; returns the function that unregisters it. */
export function registerStandardWallet(win: Window, wallet: StandardWallet): () => void {
  const unregisters: (() => void)[] = []
  const callback = (api: RegistryApi) => {
    if (typeof api?.register === 'function') unregisters.push(api.register(wallet))
  }
  const onAppReady = (event: Event) => callback((event as CustomEvent).detail)
  win.addEventListener(APP_READY, onAppReady)
  win.dispatchEvent(new CustomEvent(REGISTER_WALLET, { detail: callback }))
  return () => {
    win.removeEventListener(APP_READY, onAppReady)
    for (const unregister of unregisters.splice(0)) unregister()
  }
}
