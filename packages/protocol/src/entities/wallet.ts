import * as z from 'zod/mini'

/** A wallet injected into the host page, as the SDK describes it to the modal. */
export const WalletDescriptorSchema = z.object({
  /** Stable across reloads: the EIP-6963 rdns, or `injected` for a legacy `window.ethereum`. */
  id: z.string().check(z.minLength(1), z.maxLength(128)),
  name: z.string().check(z.minLength(1), z.maxLength(64)),
  /** An image URL: data URI (EIP-6963) or https. */
  icon: z.optional(z.string().check(z.maxLength(200_000))),
  rdns: z.optional(z.string().check(z.maxLength(128))),
  /** ANNOUNCED: EIP-6963; INJECTED: a legacy `window.ethereum`. */
  type: z.enum(['ANNOUNCED', 'INJECTED']),
  installed: z.boolean(),
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
