import * as z from 'zod/mini'
import { Base64Schema, SealedShareSchema, WalletAddressSchema, WalletSolanaAddressSchema } from './common.ts'

/** The first login's wallet: the auth share (encrypted at rest by the server) and the sealed recovery share. */
export const CreateWalletRequestSchema = z.object({
  address: WalletAddressSchema,
  authShare: Base64Schema,
  recovery: SealedShareSchema,
  /** The Solana account derived from the same key (issue 15); remembered so a locked wallet can name it. */
  solanaAddress: z.optional(WalletSolanaAddressSchema),
})
export type CreateWalletRequest = z.infer<typeof CreateWalletRequestSchema>
export const CreateWalletResponseSchema = z.object({ address: z.string() })
export type CreateWalletResponse = z.infer<typeof CreateWalletResponseSchema>

export const RecoveryRequestSchema = z.object({})
/** Recovery on a new device: the auth share and the recovery ciphertext the recovery code opens. */
export const RecoveryResponseSchema = z.object({
  address: z.string(),
  authShare: Base64Schema,
  recovery: SealedShareSchema,
})
export type RecoveryResponse = z.infer<typeof RecoveryResponseSchema>

/**
 * The Solana address of a wallet made before the server remembered it, posted once by the key frame
 * after it unlocked the key (the address is derived from it). Set once: a different one is refused.
 */
export const WalletSolanaAddressRequestSchema = z.object({ solanaAddress: WalletSolanaAddressSchema })
export type WalletSolanaAddressRequest = z.infer<typeof WalletSolanaAddressRequestSchema>
