/**
 * Social login on the key server (spec §5 social providers; §7 "get social redirect uri",
 * "connect social"; docs/social-login.md). The key frame starts an attempt, the modal opens the
 * provider in a popup, the key server's callback page hands the popup's final URL to the modal,
 * and the key frame finishes the login with that URL.
 */
import * as z from 'zod/mini'
import { WalletSharesSchema } from './auth.ts'
import { KeyServerProjectIdSchema, OtpSchema } from './common.ts'

/** Spec §5: the providers of a social login (Farcaster, the seventh social, signs in otherwise). */
export const SOCIAL_LOGIN_PROVIDERS = ['google', 'github', 'apple', 'facebook', 'x', 'discord'] as const
export const SocialLoginProviderSchema = z.enum(SOCIAL_LOGIN_PROVIDERS)
export type SocialLoginProvider = z.infer<typeof SocialLoginProviderSchema>

export const SOCIAL_LOGIN_LIMITS = {
  /** An attempt (its state, PKCE verifier and nonce) is good this long, once. */
  attemptLifetimeMs: 600_000, // 10 min
  /** A social identity waiting for the email code that links it to an existing account. */
  pendingLinkLifetimeMs: 600_000, // 10 min
  /** The popup's final URL carries code and state; providers keep it well under this. */
  maxCallbackUriLength: 4_096,
  /** One collect of a cut-off login window's answer waits this long before answering `pending`. */
  answerWaitMs: 25_000,
} as const

/** An attempt's `state`: 32 random bytes, base64url. */
export const SOCIAL_STATE_SHAPE = /^[A-Za-z0-9_-]{43}$/

/** The type of the message the callback page posts to the modal (`window.opener`). */
export const SOCIAL_CALLBACK_MESSAGE_TYPE = 'walletframe:social-callback'

/**
 * What the callback page posts to the modal, with the modal origin of the attempt as target
 * origin: its own full URL (code and state, or the provider's error). The modal checks that
 * `event.origin` is the key origin and `event.source` its popup, then gives `uri` to the key frame.
 */
export const SocialCallbackMessageSchema = z.object({
  type: z.literal(SOCIAL_CALLBACK_MESSAGE_TYPE),
  uri: z.string().check(z.maxLength(SOCIAL_LOGIN_LIMITS.maxCallbackUriLength)),
})
export type SocialCallbackMessage = z.infer<typeof SocialCallbackMessageSchema>

/**
 * "get social redirect uri": starts an attempt bound to this browser's device cookie and the
 * project. `modalOrigin` is the key frame's parent (one of the key server's modal origins): the
 * callback page posts the result to it only.
 */
export const SocialStartRequestSchema = z.object({
  provider: SocialLoginProviderSchema,
  projectId: KeyServerProjectIdSchema,
  modalOrigin: z.string('must be a string').check(z.maxLength(2_048, 'is too long')),
})
export type SocialStartRequest = z.input<typeof SocialStartRequestSchema>
/** The provider's authorization URL, for the modal's popup. */
export const SocialStartResponseSchema = z.object({ uri: z.string() })
export type SocialStartResponse = z.infer<typeof SocialStartResponseSchema>

/** "connect social": the URL the callback page posted, as received. */
export const SocialConnectRequestSchema = z.object({
  uri: z
    .string('must be a string')
    .check(
      z.minLength(1, 'is required'),
      z.maxLength(SOCIAL_LOGIN_LIMITS.maxCallbackUriLength, 'is too long'),
    ),
})
export type SocialConnectRequest = z.infer<typeof SocialConnectRequestSchema>

/**
 * The callback page's answer when it has no `window.opener`: a provider whose pages send a
 * Cross-Origin-Opener-Policy (Google's do) cuts the popup off from the modal, which then sees it
 * as closed. The page posts its URL here (same origin, first party), and the key frame that started
 * the attempt collects it by the attempt's state, then connects as with a posted message.
 */
export const SocialAnswerRequestSchema = SocialConnectRequestSchema
export const SocialCollectRequestSchema = z.object({
  state: z.string('must be a string').check(z.regex(SOCIAL_STATE_SHAPE, 'is not a state of this server')),
})
export type SocialCollectRequest = z.infer<typeof SocialCollectRequestSchema>
/** Long-polled: `pending` until the callback page has left the answer (or the wait ran out). */
export const SocialCollectResponseSchema = z.union([
  z.object({ state: z.literal('pending') }),
  z.object({ state: z.literal('answered'), uri: z.string() }),
])
export type SocialCollectResponse = z.infer<typeof SocialCollectResponseSchema>

/** Signed in: the session cookie is set; like "connect otp", plus who the provider says this is. */
export const SocialSessionResponseSchema = z.object({
  action: z.literal('CONNECT'),
  provider: SocialLoginProviderSchema,
  /** The provider's name for the user (GitHub login, X handle, Discord username, else name or email). */
  userName: z.string(),
  email: z.string(),
  isNewUser: z.boolean(),
  /** The account's wallet shares (auth share, device ciphertexts), when it has a wallet. */
  wallet: z.optional(WalletSharesSchema),
})
export type SocialSessionResponse = z.infer<typeof SocialSessionResponseSchema>

/**
 * The identity is new and its verified email belongs to an existing account: a code was mailed to
 * that address, and POST socialOtp {otp} links the identity and signs in.
 */
export const SocialVerifyOtpResponseSchema = z.object({
  action: z.literal('VERIFY_OTP'),
  provider: SocialLoginProviderSchema,
  email: z.string(),
})
export type SocialVerifyOtpResponse = z.infer<typeof SocialVerifyOtpResponseSchema>

export const SocialConnectResponseSchema = z.discriminatedUnion('action', [
  SocialSessionResponseSchema,
  SocialVerifyOtpResponseSchema,
])
export type SocialConnectResponse = z.infer<typeof SocialConnectResponseSchema>

/** The email code that confirms linking the pending identity; answered like a social sign-in. */
export const SocialOtpRequestSchema = z.object({ otp: OtpSchema })
export type SocialOtpRequest = z.infer<typeof SocialOtpRequestSchema>
