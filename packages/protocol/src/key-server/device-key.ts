import * as z from 'zod/mini'
import { Base64Schema, Base64UrlSchema } from './common.ts'

/**
 * The key window's device keys (docs/embedded-wallet.md "Key window"): a P-256 key the window made
 * and keeps non-extractable, registered during a fresh session; its signature over a single-use
 * challenge releases the auth share after a reload, as a passkey assertion does.
 */
/** A P-256 public key as a JWK (WebCrypto exports it so; the server verifies with it). */
export const DeviceKeyJwkSchema = z.object({
  kty: z.literal('EC'),
  crv: z.literal('P-256'),
  x: Base64UrlSchema,
  y: Base64UrlSchema,
})
export type DeviceKeyJwk = z.infer<typeof DeviceKeyJwkSchema>

export const DeviceKeyRegisterRequestSchema = z.object({
  credentialId: Base64UrlSchema,
  publicKey: DeviceKeyJwkSchema,
})
export const DeviceKeyRegisterResponseSchema = z.object({ credentialId: z.string() })
export type DeviceKeyRegisterResponse = z.infer<typeof DeviceKeyRegisterResponseSchema>

export const DeviceKeyChallengeRequestSchema = z.object({})
export const DeviceKeyChallengeResponseSchema = z.object({
  challenge: z.string(),
  credentialIds: z.array(z.string()),
})
export type DeviceKeyChallengeResponse = z.infer<typeof DeviceKeyChallengeResponseSchema>

export const DeviceKeyAssertRequestSchema = z.object({
  credentialId: Base64UrlSchema,
  challenge: Base64UrlSchema,
  /** ECDSA P-256 / SHA-256 over KEY_WINDOW_ASSERTION_PREFIX + challenge, IEEE P1363 (WebCrypto's form). */
  signature: Base64UrlSchema,
})
export const DeviceKeyAssertResponseSchema = z.object({
  /** Absent for a user of an identity without email (Farcaster). */
  email: z.optional(z.string()),
  address: z.string(),
  authShare: Base64Schema,
})
export type DeviceKeyAssertResponse = z.infer<typeof DeviceKeyAssertResponseSchema>
