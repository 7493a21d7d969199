import * as z from 'zod/mini'

/** A wallet's namespace: eip155 (the default, when absent), or one an SDK adapter serves (issue 15). */
export const WalletNamespaceSchema = z.enum(['eip155', 'solana', 'bip122'])
export type WalletNamespace = z.infer<typeof WalletNamespaceSchema>

/** A wallet injected into the host page, as the SDK describes it to the modal. */
export const WalletDescriptorSchema = z.object({
  /**
   * Stable across reloads: the EIP-6963 rdns, `injected` for a legacy `window.ethereum`, or
   * `wallet-standard:<name>` (WALLET_STANDARD_ID_PREFIX) for a Wallet Standard wallet.
   */
  id: z.string().check(z.minLength(1), z.maxLength(128)),
  name: z.string().check(z.minLength(1), z.maxLength(64)),
  /** An image URL: data URI (EIP-6963) or https. */
  icon: z.optional(z.string().check(z.maxLength(200_000))),
  rdns: z.optional(z.string().check(z.maxLength(128))),
  /**
   * ANNOUNCED: EIP-6963; INJECTED: a legacy `window.ethereum`; WALLET_STANDARD: a Wallet Standard
   * wallet (Solana, Bitcoin), described by the SDK's adapter of its namespace.
   */
  type: z.enum(['ANNOUNCED', 'INJECTED', 'WALLET_STANDARD']),
  installed: z.boolean(),
  /** Absent: eip155. A solana or bip122 wallet speaks that namespace's vocabulary (namespaces/). */
  namespace: z.optional(WalletNamespaceSchema),
  /** The CAIP-2 networks a Wallet Standard wallet declares (its `chains`, through WALLET_STANDARD_CHAINS). */
  chains: z.optional(z.array(z.string().check(z.maxLength(64))).check(z.maxLength(16))),
})
export type WalletDescriptor = z.infer<typeof WalletDescriptorSchema>

/**
 * A wallet the Connect view would show, as `listWallets()` gives it to a headless integrator (who
 * draws the buttons and calls `connect({ walletId })`): a page wallet (`injected`), a registry
 * wallet or the generic QR code (`walletConnect`), the email login's wallet (`embedded`), or one of
 * the integrator's `customWallets` (`custom`, connected over WalletConnect).
 */
export const WalletListingSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(128)),
  name: z.string().check(z.minLength(1), z.maxLength(64)),
  /** A data URI (EIP-6963) or an https URL. */
  icon: z.optional(z.string().check(z.maxLength(200_000))),
  type: z.enum(['injected', 'walletConnect', 'embedded', 'custom']),
  /** In this browser now (a page wallet); the others install nothing in the page. */
  installed: z.boolean(),
})
export type WalletListing = z.infer<typeof WalletListingSchema>

export const ConnectorTypeSchema = z.enum([
  'INJECTED',
  'ANNOUNCED',
  'EXTERNAL',
  'WALLET_CONNECT',
  'AUTH',
  'MULTI_CHAIN',
  'ID_AUTH',
  /** A Wallet Standard wallet of the page (issue 15: Solana, Bitcoin). */
  'WALLET_STANDARD',
])
export type ConnectorType = z.infer<typeof ConnectorTypeSchema>

/** A wallet the user connected before, kept for the "recent" list (spec §9: two kept). */
export const RecentWalletSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(128)),
  name: z.string().check(z.minLength(1), z.maxLength(64)),
  icon: z.optional(z.string().check(z.maxLength(200_000))),
  rdns: z.optional(z.string().check(z.maxLength(128))),
})
export type RecentWallet = z.infer<typeof RecentWalletSchema>
