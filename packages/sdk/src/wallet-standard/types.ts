/**
 * The Wallet Standard shapes the adapters read and write (`@wallet-standard/base`, and the solana
 * and bitcoin feature names of issue 15), typed here rather than imported: the adapters stay
 * dependency-free. Features are looked up by name and checked before use.
 */
export interface StandardAccount {
  readonly address: string
  readonly publicKey: Uint8Array
  readonly chains: readonly string[]
  readonly features: readonly string[]
  readonly label?: string
  readonly icon?: string
}

export interface StandardWallet {
  readonly version: '1.0.0'
  readonly name: string
  readonly icon: string
  readonly chains: readonly string[]
  readonly features: Readonly<Record<string, unknown>>
  readonly accounts: readonly StandardAccount[]
}

export interface StandardEventsFeature {
  on(event: 'change', listener: (properties: { accounts?: readonly StandardAccount[] }) => void): () => void
}

/** A feature of `wallet` with these methods, or undefined. */
export function featureOf<F>(wallet: StandardWallet, name: string, method: keyof F & string): F | undefined {
  const feature = wallet.features?.[name] as Record<string, unknown> | undefined
  return typeof feature?.[method] === 'function' ? (feature as F) : undefined
}

/**
 * Marks WalletFrame's own registration (and another instance's): an adapter never lists it as a
 * page wallet, which would loop its requests back to the modal (as `isWalletFrame` for EIP-1193).
 */
export const WALLETFRAME_FEATURE = 'walletframe:wallet'
