/** The wallet sign-in feature's slice of state and its intents (see core/session-api.ts). */
import type { SiwxStoredSession } from '@walletframe/protocol'

export interface SiwxState {
  /** The integrator asked for sign-in (`siwx` or `siwe`, spec §3 Settings). */
  enabled: boolean
  /** Default true: cancelling disconnects, and the sign-in view cannot be closed (spec §2, §4). */
  required: boolean
  status: 'idle' | 'signing' | 'declined'
  /** The session kept in the host page, for the account and network it was signed on. */
  session?: SiwxStoredSession
}

declare module '../core/session-api.ts' {
  interface SessionState {
    siwx: SiwxState
  }
  interface Session {
    /** Spec §4: signs the message with the connected wallet; the session is kept and the modal closes. */
    signIn(): Promise<void>
    /** Spec §4: required sign-in disconnects, optional only closes. */
    cancelSignIn(): void
  }
}
