/**
 * One interface for every way of reaching a wallet (ARCHITECTURE.md "Modal internals").
 * This issue has the host-injected connector; WalletConnect and the embedded wallet follow.
 */
import type { ConnectorType } from '@walletframe/protocol'

export interface ConnectedAccount {
  address: string
  chainId: number
}

export interface WalletConnector {
  readonly id: string
  readonly name: string
  readonly type: ConnectorType
  /** Asks the wallet for access; the wallet shows its own prompt. */
  connect(): Promise<ConnectedAccount>
  /** Re-syncs a connection remembered from before a reload, without prompting. */
  reconnect(): Promise<ConnectedAccount | undefined>
  request(method: string, params?: unknown): Promise<unknown>
  disconnect(): Promise<void>
}
