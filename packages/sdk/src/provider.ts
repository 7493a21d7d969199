/**
 * The EIP-1193 provider the host page gets. It holds no state: every request goes to the modal,
 * and the modal's `provider.event`s are re-emitted to the listeners here.
 */
import { RPC_INVALID_PARAMS, WalletFrameError } from '@walletframe/protocol/host'
import { deliver } from './signal.ts'

export type ProviderEvent = 'connect' | 'disconnect' | 'accountsChanged' | 'chainChanged'
export type RpcParams = unknown[] | Record<string, unknown>

export interface RequestArguments {
  readonly method: string
  readonly params?: readonly unknown[] | object
}

// biome-ignore lint/suspicious/noExplicitAny: EIP-1193 listeners receive event-specific data
type Listener = (data: any) => void

export interface EIP1193Provider {
  readonly isWalletFrame: true
  /** Rejects with a ProviderRpcError: an `Error` with a numeric `code`. */
  request(args: RequestArguments): Promise<unknown>
  on(event: ProviderEvent, listener: Listener): EIP1193Provider
  once(event: ProviderEvent, listener: Listener): EIP1193Provider
  removeListener(event: ProviderEvent, listener: Listener): EIP1193Provider
}

export function createProvider(send: (method: string, params?: RpcParams) => Promise<unknown>): {
  provider: EIP1193Provider
  emit(event: ProviderEvent, data: unknown): void
} {
  /** Per event: each listener and whether it is a `once` listener. */
  const listeners = new Map<string, Map<Listener, boolean>>()
  const add = (once: boolean) => (event: ProviderEvent, listener: Listener) => {
    if (!listeners.has(event)) listeners.set(event, new Map())
    listeners.get(event)!.set(listener, once)
    return provider
  }
  const provider: EIP1193Provider = {
    isWalletFrame: true,
    async request(args) {
      const { method, params } = args ?? {}
      if (
        typeof method !== 'string' ||
        !method ||
        (params !== undefined && (typeof params !== 'object' || !params))
      ) {
        throw new WalletFrameError(RPC_INVALID_PARAMS)
      }
      return send(method, params as RpcParams | undefined)
    },
    on: add(false),
    once: add(true),
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener)
      return provider
    },
  }
  const emit = (event: ProviderEvent, data: unknown) => {
    const forEvent = listeners.get(event)
    for (const [listener, once] of forEvent ?? []) {
      if (once) forEvent!.delete(listener)
      deliver(listener, data)
    }
  }
  return { provider, emit }
}
