/**
 * A namespace's connection as the modal tells the SDK's adapter (issue 15): the `namespace.account`
 * event and the result of `namespace.connect`. eip155 keeps its own `account.changed`.
 */
import * as z from 'zod/mini'
import { ConnectionStatusSchema } from '../entities/account.ts'
import { NamespaceSchema } from '../entities/network.ts'

/**
 * A Solana (base58, 32 to 44 characters) or Bitcoin (base58 or bech32) address: letters and digits
 * only. Each namespace's own check (base58 decoding, bech32 checksum) is the modal's.
 */
export const NamespaceAddressSchema = z.string().check(z.regex(/^[A-Za-z0-9]{25,90}$/))

/** Spec §3 bip122 account types: a payment address, or an ordinals (taproot) one. */
export const BitcoinPurposeSchema = z.enum(['payment', 'ordinals'])
export type BitcoinPurpose = z.infer<typeof BitcoinPurposeSchema>

export const BitcoinAddressSchema = z.object({
  address: NamespaceAddressSchema,
  purpose: BitcoinPurposeSchema,
  /** Hex, as `getAccountAddresses` gives it. */
  publicKey: z.optional(z.string().check(z.regex(/^[0-9a-fA-F]{0,130}$/))),
})
export type BitcoinAddress = z.infer<typeof BitcoinAddressSchema>

export const NamespaceAccountSchema = z.object({
  namespace: NamespaceSchema,
  status: ConnectionStatusSchema,
  /** The account's address (bip122: its payment address). */
  address: z.optional(NamespaceAddressSchema),
  /** The CAIP-2 network the namespace is on (`solana:5eykt4Us…`). */
  caipNetworkId: z.optional(z.string().check(z.maxLength(64))),
  /** The connector: a page wallet's descriptor id (`wallet-standard:Phantom`), `embedded`, `walletConnect`. */
  connectorId: z.optional(z.string().check(z.maxLength(128))),
  /** bip122: every address the wallet gave, with its purpose. */
  addresses: z.optional(z.array(BitcoinAddressSchema).check(z.maxLength(8))),
})
export type NamespaceAccount = z.infer<typeof NamespaceAccountSchema>
