/** The toast feature's slice of the modal state (see core/session-api.ts). */
import type { Toast } from './toast.machine.ts'

declare module '../core/session-api.ts' {
  interface SessionState {
    toast?: Toast
  }
}
