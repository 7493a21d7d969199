/** What the wallet features (send, receive …) ask of the modal (see core/session-api.ts). */

declare module '../core/session-api.ts' {
  interface Session {
    /** A request to the connected wallet, whichever its connector (the embedded one asks for approval). */
    walletRequest(method: string, params?: unknown): Promise<unknown>
    toast(variant: 'success' | 'error', message: string): void
    /** Spec §2: sending a token pushes Account. */
    tokenSent(): void
    /**
     * What a lazily loaded feature keeps between its views (its flow's actor): one value per
     * `slot`, made again (the old one stopped) when `key` changes, e.g. another account.
     */
    keep<T extends { stop?(): void }>(slot: string, key: string, create: () => T): T
  }
}

export {}
