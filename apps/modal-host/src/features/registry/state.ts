/** The registry feature's slice of the modal state and its intents (see core/session-api.ts). */
import type { Registry, RegistryState } from './registry.ts'

declare module '../core/session-api.ts' {
  interface SessionState {
    registry: RegistryState
  }
  interface Session {
    /** The wallet registry (with a data API only). */
    registry(): Registry | undefined
  }
}
