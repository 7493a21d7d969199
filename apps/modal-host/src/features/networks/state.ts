/** The networks feature's intents (see core/session-api.ts). */
import type { Network } from '@walletframe/protocol'

declare module '../core/session-api.ts' {
  interface Session {
    /** Switches (or, while disconnected, picks) the network; failures are shown as a toast. */
    switchNetwork(network: Network): Promise<void>
  }
}
