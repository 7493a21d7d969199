/** The alerts feature's slice of the modal state and its intent (see core/session-api.ts). */
import type { Alert } from '@walletframe/protocol'

declare module '../core/session-api.ts' {
  interface SessionState {
    /**
     * An alert of spec §8 about something that happened while the modal works (Network Not Found,
     * Session Expired, the auth-init problem): shown on top of the open modal until dismissed or closed.
     */
    alertBar?: Pick<Alert, 'reason' | 'title' | 'description'>
  }
  interface Session {
    /** The alert bar's Dismiss button. */
    dismissAlert(): void
  }
}
