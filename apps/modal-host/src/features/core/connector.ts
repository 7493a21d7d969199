/**
 * One interface for every way of reaching a wallet (ARCHITECTURE.md "Modal internals"): the
 * host-injected connector and WalletConnect so far; the embedded wallet follows.
 */
import type { ConnectorType, Namespace, NamespaceNetwork, SocialProvider } from '@walletframe/protocol'
import type { AccountType } from './session-api.ts'

export interface ConnectedAccount {
  address: string
  chainId: number
  /** The embedded wallet's social login (spec §3 account state socialProvider). */
  socialProvider?: SocialProvider
  /** The embedded wallet's account type (spec §3 allAccounts): its EOA or its smart account. */
  type?: AccountType
}

export interface WalletConnector {
  readonly id: string
  readonly name: string
  readonly type: ConnectorType
  /**
   * Asks the wallet for access; the wallet shows its own prompt. The signal ends an attempt the
   * user walked away from (WalletConnect stops replacing its pairing URI then).
   */
  connect(options?: { signal?: AbortSignal }): Promise<ConnectedAccount>
  /** Re-syncs a connection remembered from before a reload, without prompting. */
  reconnect(): Promise<ConnectedAccount | undefined>
  /**
   * `signal`: the signal of the host request this one serves (rpc.request, network.switch), so
   * that cancelling that one also ends this one.
   */
  request(method: string, params?: unknown, options?: { signal?: AbortSignal }): Promise<unknown>
  disconnect(): Promise<void>
}

export type WalletEventName = 'connect' | 'disconnect' | 'accountsChanged' | 'chainChanged'

/**
 * What a wallet does on its own (switches account or chain, ends the session) reaches the session
 * through one handler, whichever connector it came from: the SDK's `host.walletEvent` for injected
 * wallets, sign-client's session events for WalletConnect. Data as in EIP-1193 events.
 */
export type WalletEventHandler = (source: WalletConnector, event: WalletEventName, data: unknown) => void

/** A Bitcoin wallet's address and what it is for (spec §3 bip122 account types). */
export interface PurposedAddress {
  address: string
  purpose: 'payment' | 'ordinals'
}

export interface NamespaceAccount {
  address: string
  /** Bitcoin: the payment and ordinals addresses. */
  addresses?: PurposedAddress[]
}

/**
 * The wallets of the other namespaces (issue 15): a page wallet reached through the SDK (Wallet
 * Standard), or the embedded wallet's Solana account. Each speaks its namespace's vocabulary
 * (WalletConnect's: `solana_*`; Bitcoin's `getAccountAddresses`, `signMessage`, `signPsbt`).
 */
export interface NamespaceConnector {
  readonly id: string
  readonly name: string
  readonly namespace: Namespace
  /**
   * Asks for the account (a page wallet prompts; the embedded wallet reads its key frame's user).
   * `silent` (a restore after a reload): only an account the wallet gives without a prompt.
   */
  connect(
    network: NamespaceNetwork,
    options?: { signal?: AbortSignal; silent?: boolean },
  ): Promise<NamespaceAccount>
  request(
    method: string,
    params: unknown,
    options: { network: NamespaceNetwork; signal?: AbortSignal },
  ): Promise<unknown>
  disconnect(): Promise<void>
}

/** How the modal names the other namespaces (brand names: not translated). */
export const NAMESPACE_NAMES: Record<Namespace, string> = { solana: 'Solana', bip122: 'Bitcoin' }
