/**
 * The EIP-1193 provider the host page gets. Requests go where `send` routes them (wallet-route.ts);
 * events come from the modal's `provider.event`s and from a connected page wallet directly (its
 * `message`s only from it: the modal's wallets have none, see SUBSCRIPTION_RPC_METHODS).
 */
import { RPC_INVALID_PARAMS, WalletFrameError } from '@walletframe/protocol/host'
import { deliver } from './signal.ts'

export type ProviderEvent = 'connect' | 'disconnect' | 'accountsChanged' | 'chainChanged' | 'message'

/** EIP-1193's `message` event: what the connected wallet sends, such as `eth_subscription` results. */
export interface ProviderMessage {
  readonly type: string
  readonly data: unknown
}
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
  /**
   * What the dapp was last told. The modal echoes the events of a page wallet that reached the dapp
   * directly, so an event that tells nothing new is dropped: the same first account (the one the
   * modal reports), the same chain, `connect` while connected, `disconnect` while not.
   */
  let connected = false
  let account: string | undefined
  let chainId: number | undefined
  const isNews = (event: ProviderEvent, data: unknown): boolean => {
    // A message is never an echo: each one is news.
    if (event === 'message') return true
    if (event === 'connect' || event === 'disconnect') {
      if (connected === (event === 'connect')) return false
      connected = !connected
      if (connected) chainId = Number((data as { chainId?: unknown } | null)?.chainId)
      return true
    }
    if (event === 'chainChanged') {
      if (Number(data) === chainId) return false
      chainId = Number(data)
      return true
    }
    const first = String((Array.isArray(data) && data[0]) || '').toLowerCase()
    if (first === account) return false
    account = first
    return true
  }
  const emit = (event: ProviderEvent, data: unknown) => {
    if (!isNews(event, data)) return
    const forEvent = listeners.get(event)
    for (const [listener, once] of forEvent ?? []) {
      if (once) forEvent!.delete(listener)
      deliver(listener, data)
    }
  }
  return { provider, emit }
}
