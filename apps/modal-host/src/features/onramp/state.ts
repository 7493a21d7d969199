/** The on-ramp's intents on the session (see core/session-api.ts). */
declare module '../core/session-api.ts' {
  interface Session {
    /** Reads the connected account's native balance again (Buy waits for the purchase to land). */
    refreshBalance(): Promise<void>
  }
}

export {}
