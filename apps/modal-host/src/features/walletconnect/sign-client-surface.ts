/**
 * The small surface of `@walletconnect/sign-client` the connector uses (so it is tested against a
 * fake and sign-client stays in a lazy chunk), and the readers of what wallets send through it.
 */
import {
  fromHexChainId,
  PROVIDER_ERRORS,
  parseCaipAddress,
  toWireError,
  WalletFrameError,
} from '@walletframe/protocol'

export interface WcNamespace {
  accounts: string[]
  methods: string[]
  events: string[]
  chains?: string[]
}

export interface WcSession {
  topic: string
  /** Seconds since the epoch. */
  expiry: number
  acknowledged: boolean
  namespaces: Record<string, WcNamespace>
  peer: { metadata: { name: string; url: string; icons: string[]; description?: string } }
}

export interface WcConnectParams {
  optionalNamespaces: Record<string, { chains: string[]; methods: string[]; events: string[] }>
}

export type WcEvent =
  | {
      name: 'session_event'
      payload: { topic: string; params: { event: { name: string; data: unknown }; chainId: string } }
    }
  | {
      name: 'session_update'
      payload: { topic: string; params: { namespaces: Record<string, WcNamespace> } }
    }
  | { name: 'session_delete'; payload: { topic: string } }
  | { name: 'session_expire'; payload: { topic: string } }

/** The part of sign-client's SignClient this connector uses. */
export interface SignClientLike {
  connect(params: WcConnectParams): Promise<{ uri?: string; approval(): Promise<WcSession> }>
  request(params: {
    topic: string
    chainId: string
    request: { method: string; params: unknown }
  }): Promise<unknown>
  disconnect(params: { topic: string; reason: { code: number; message: string } }): Promise<void>
  sessions(): WcSession[]
  /** Every session event, in one stream. */
  onEvent(listener: (event: WcEvent) => void): void
}

export interface Eip155Account {
  chainId: number
  address: string
}

export function eip155Accounts(namespace: WcNamespace | undefined): Eip155Account[] {
  return (namespace?.accounts ?? []).flatMap((value) => {
    const parsed = parseCaipAddress(value)
    const chainId = parsed?.namespace === 'eip155' ? fromHexChainId(parsed.reference) : undefined
    return parsed && chainId !== undefined && /^0x[0-9a-fA-F]{40}$/.test(parsed.address)
      ? [{ chainId, address: parsed.address }]
      : []
  })
}

/** Wallets send plain addresses or CAIP-10 accounts in accountsChanged. */
export function addressesOf(data: unknown): string[] {
  if (!Array.isArray(data)) return []
  return data.flatMap((entry) => {
    if (typeof entry !== 'string') return []
    const address = entry.includes(':') ? parseCaipAddress(entry)?.address : entry
    return address && /^0x[0-9a-fA-F]{40}$/.test(address) ? [address] : []
  })
}

/** chainChanged data as a number, a hex or decimal string, or a CAIP-2 id. */
export function chainOf(data: unknown, fallbackCaip2: string | undefined): number | undefined {
  const fromData =
    typeof data === 'string' && data.startsWith('eip155:')
      ? fromHexChainId(data.slice(7))
      : fromHexChainId(data)
  if (fromData !== undefined) return fromData
  return fallbackCaip2?.startsWith('eip155:') ? fromHexChainId(fallbackCaip2.slice(7)) : undefined
}

/** sign-client throws Errors and rejects with plain `{code, message}`: both become a WalletFrameError. */
export function asWalletError(error: unknown): WalletFrameError {
  if (error instanceof WalletFrameError) return error
  return new WalletFrameError(toWireError(error, PROVIDER_ERRORS.default), { cause: error })
}
