/** An injected EIP-1193 wallet and its EIP-6963 announcement, as a wallet extension makes them. */
import { vi } from 'vitest'

export type FakeWallet = ReturnType<typeof createFakeWallet>

export function createFakeWallet(answers: Record<string, unknown> = {}) {
  const listeners = new Map<string, Set<(data: unknown) => void>>()
  return {
    request: vi.fn(async ({ method }: { method: string; params?: unknown }) => {
      if (method in answers) return answers[method]
      throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
    }),
    on(event: string, listener: (data: unknown) => void) {
      if (!listeners.has(event)) listeners.set(event, new Set())
      listeners.get(event)!.add(listener)
    },
    removeListener(event: string, listener: (data: unknown) => void) {
      listeners.get(event)?.delete(listener)
    },
    emit(event: string, data: unknown) {
      for (const listener of listeners.get(event) ?? []) listener(data)
    },
    listenerCount: (event: string) => listeners.get(event)?.size ?? 0,
  }
}

export const TEST_WALLET_INFO = {
  uuid: '350670db-19fa-4704-a166-e52e178b59d2',
  name: 'Test Wallet',
  icon: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>',
  rdns: 'dev.walletframe.testwallet',
}

export function announceWallet(
  win: EventTarget,
  provider: unknown,
  info: Partial<typeof TEST_WALLET_INFO> = {},
) {
  const detail = Object.freeze({ info: Object.freeze({ ...TEST_WALLET_INFO, ...info }), provider })
  win.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
}

/** Announces `provider` now and whenever the page asks, like an extension does. */
export function installWallet(
  win: EventTarget,
  provider: unknown,
  info: Partial<typeof TEST_WALLET_INFO> = {},
) {
  win.addEventListener('eip6963:requestProvider', () => announceWallet(win, provider, info))
  announceWallet(win, provider, info)
}
