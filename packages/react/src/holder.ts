/**
 * The one SDK instance of a `<WalletFrameProvider>`: made in the browser when the Provider mounts,
 * destroyed when it unmounts. One holder per Provider (never a module-level one), so that during
 * server rendering no request can see another's state (issue 13: AppKit leaked one user's wallet
 * into another's HTML through a server-side singleton).
 */
import { CHANNEL_NO_BROWSER, WalletFrameError } from '@walletframe/protocol/host'
import type { WalletFrame } from '@walletframe/sdk'

export interface InstanceHolder {
  /** The Provider's instance; undefined on the server and until the Provider's effect has run. */
  get(): WalletFrame | undefined
  set(instance: WalletFrame | undefined): void
  subscribe(callback: () => void): () => void
  /**
   * The instance, once there is one: a child's effect runs before its Provider's, so a call made
   * there waits for the instance instead of failing. On the server it rejects (code 4900).
   */
  ready(): Promise<WalletFrame>
}

export function createInstanceHolder(): InstanceHolder {
  let current: WalletFrame | undefined
  const subscribers = new Set<() => void>()
  const waiting = new Set<(instance: WalletFrame) => void>()
  return {
    get: () => current,
    set(instance) {
      current = instance
      for (const callback of subscribers) callback()
      if (!instance) return
      for (const resolve of waiting) resolve(instance)
      waiting.clear()
    },
    subscribe(callback) {
      subscribers.add(callback)
      return () => subscribers.delete(callback)
    },
    ready() {
      if (current) return Promise.resolve(current)
      if (typeof window === 'undefined') return Promise.reject(new WalletFrameError(CHANNEL_NO_BROWSER))
      return new Promise((resolve) => waiting.add(resolve))
    },
  }
}
