/** The connect feature's slice of the modal state and its intents (see core/session-api.ts). */
import type { WalletDescriptor } from '@walletframe/protocol'

/** Where the connect flow of a picked page wallet stands (spec §2 ConnectingExternal). */
export interface ConnectingState {
  wallet: WalletDescriptor
  state: 'requesting' | 'declined' | 'failed'
  message?: string
}

declare module '../core/session-api.ts' {
  interface SessionState {
    connecting?: ConnectingState
  }
  interface Session {
    selectWallet(wallet: WalletDescriptor): void
    retryConnect(): void
  }
}
