/** The names feature's slice of state and intents (see core/session-api.ts). */

export interface NamesState {
  /** The label being typed (without the zone), its check, and the API's suggestions for it. */
  label: string
  /** `invalid`: against spec §5's rules (the reason in `problem`); `checking`: the debounce or the API. */
  status: 'idle' | 'invalid' | 'checking' | 'available' | 'taken' | 'registering' | 'error'
  problem?: string
  suggestions: string[]
  /** The name registered last (RegisterAccountNameSuccess shows it). */
  registered?: string
}

declare module '../core/session-api.ts' {
  interface SessionState {
    names: NamesState
  }
  interface Session {
    /** Spec §2 RegisterAccountName: the label typed; checked and its suggestions asked after a pause. */
    typeName(label: string): void
    /** Spec §4 "Name registration": signs the name message and registers it; then the success view. */
    registerName(): Promise<void>
  }
}
