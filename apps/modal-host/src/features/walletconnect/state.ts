/** The WalletConnect feature's slice of the modal state and its intents (see core/session-api.ts). */
import type { WalletListing } from './deep-links.ts'
import type { WalletConnectState } from './session-walletconnect.ts'

declare module '../core/session-api.ts' {
  interface SessionState {
    /** Offered only when the deployment has a relay; its pairing and connect flow. */
    walletConnect: WalletConnectState
  }
  interface Session {
    /** The WalletConnect entry (or a registry wallet reached through WalletConnect, for its deep links). */
    selectWalletConnect(listing?: WalletListing): void
    copyPairingUri(): Promise<void>
    /** The user opened the picked wallet's app link (spec §3 deep-link choice, kept on mobile). */
    chooseDeepLink(): void
  }
}
