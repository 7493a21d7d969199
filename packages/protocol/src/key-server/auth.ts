import * as z from 'zod/mini'
import { SocialProviderSchema } from '../entities/options.ts'
import { Base64Schema, KeyServerEmailSchema, KeyServerProjectIdSchema, OtpSchema } from './common.ts'

/** The answers of "connect email" (spec §7 "Embedded frame messages"). */
export const EMAIL_LOGIN_ACTIONS = ['VERIFY_OTP', 'VERIFY_DEVICE'] as const

export const EmailLoginRequestSchema = z.object({
  email: KeyServerEmailSchema,
  projectId: KeyServerProjectIdSchema,
})
export type EmailLoginRequest = z.input<typeof EmailLoginRequestSchema>
export const EmailLoginResponseSchema = z.object({ action: z.enum(EMAIL_LOGIN_ACTIONS) })
export type EmailLoginResponse = z.infer<typeof EmailLoginResponseSchema>

/** "connect device": the body is empty; the browser is known by its device cookie. */
export const DeviceWaitRequestSchema = z.object({})
export const DeviceWaitResponseSchema = z.object({ confirmed: z.boolean() })
export type DeviceWaitResponse = z.infer<typeof DeviceWaitResponseSchema>

export const OtpRequestSchema = z.object({ otp: OtpSchema })
export type OtpRequest = z.infer<typeof OtpRequestSchema>

/** A device share sealed under one passkey's PRF output (docs/embedded-wallet.md "Custody"). */
export const DeviceShareSchema = z.object({
  credentialId: z.string(),
  ciphertext: z.string(),
  iv: z.string(),
  salt: z.string(),
})
export type DeviceShare = z.infer<typeof DeviceShareSchema>

/** What the key frame needs to rebuild the key after a fresh login: one share and two ciphertexts. */
export const WalletSharesSchema = z.object({
  address: z.string(),
  /** The wallet's Solana address, once remembered (issue 15). */
  solanaAddress: z.optional(z.string()),
  authShare: Base64Schema,
  deviceShares: z.array(DeviceShareSchema),
  /** The key windows' device keys (docs/embedded-wallet.md "Key window"); their shares stay in the windows. */
  deviceKeyIds: z.array(z.string()),
  hasRecovery: z.boolean(),
})
export type WalletShares = z.infer<typeof WalletSharesSchema>

export const OtpVerifyResponseSchema = z.object({
  email: z.string(),
  isNewUser: z.boolean(),
  wallet: z.optional(WalletSharesSchema),
})
export type OtpVerifyResponse = z.infer<typeof OtpVerifyResponseSchema>

/**
 * "is connected" and "get user" after a reload: the session cookie alone decides. A user who signed
 * in with Farcaster has no email, and a `socialProvider` and `userName` instead (spec §3).
 */
export const SessionResponseSchema = z.object({
  isConnected: z.boolean(),
  user: z.optional(
    z.object({
      email: z.optional(z.string()),
      userName: z.optional(z.string()),
      socialProvider: z.optional(SocialProviderSchema),
      address: z.optional(z.string()),
      /** The wallet's Solana address, once remembered (issue 15). */
      solanaAddress: z.optional(z.string()),
      /**
       * What can unlock the wallet after a reload; the key frame must know before the Approve click,
       * because a popup (the key window) opens only from that click itself.
       */
      unlock: z.optional(z.object({ passkey: z.boolean(), keyWindow: z.boolean() })),
    }),
  ),
})
export type SessionResponse = z.infer<typeof SessionResponseSchema>

export const SignOutRequestSchema = z.object({})
export const SignOutResponseSchema = z.object({ signedOut: z.literal(true) })
export type SignOutResponse = z.infer<typeof SignOutResponseSchema>
