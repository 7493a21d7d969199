/**
 * Wallet sign-in as the integrator asks for it (spec §3 Settings `siwx`, §4 "Wallet sign-in", §5 the
 * SIWE-vs-SIWX conflict) and the session the modal keeps in the host page (spec §3 sign-in session:
 * data, message, signature; non-secret, so it may live in the page's storage).
 */
import * as z from 'zod/mini'
import { SIWX_LIMITS } from '../api/sessions.ts'

/** `siwx` (CAIP-122) or, the same for eip155, `siwe` (EIP-4361): never both (spec §5). */
export const SiwxOptionsSchema = z.object({
  /** The user must sign in: cancelling disconnects and the sign-in view cannot be closed. @default `true` */
  required: z.optional(z.boolean()),
  /** The message's statement: one line (EIP-4361). */
  statement: z.optional(z.string().check(z.maxLength(256), z.regex(/^[^\n\r]*$/, 'must be one line'))),
  /** How long a session lasts in ms (the message's expirationTime), at most 7 days. @default 7 days */
  expirationMs: z.optional(z.number().check(z.int(), z.gte(60_000), z.lte(SIWX_LIMITS.maxSessionMs))),
  /** URIs the user agrees to with the sign-in (EIP-4361 resources). */
  resources: z.optional(z.array(z.string().check(z.maxLength(512))).check(z.maxLength(10))),
})
export type SiwxOptions = z.infer<typeof SiwxOptionsSchema>

/** The session as the modal stores it in the host page and the SDK hands it to the dapp. */
export const SiwxStoredSessionSchema = z.object({
  /** `GET /v1/sessions/{id}` on the data API: what the dapp's backend checks (`@walletframe/siwx-server`). */
  id: z.string().check(z.regex(/^[0-9a-f]{32}$/)),
  address: z.string().check(z.maxLength(42)),
  chainId: z.number().check(z.int(), z.gte(1)),
  /** ISO 8601, as the API answered it. */
  expiresAt: z.string().check(z.maxLength(32)),
  message: z.string().check(z.maxLength(SIWX_LIMITS.maxMessageLength)),
  signature: z.string().check(z.maxLength(SIWX_LIMITS.maxSignatureLength)),
  /** The revocation proof `signOut()` hands back to the API. */
  pci: z.string().check(z.maxLength(128)),
})
export type SiwxStoredSession = z.infer<typeof SiwxStoredSessionSchema>
