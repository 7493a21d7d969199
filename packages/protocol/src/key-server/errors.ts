import * as z from 'zod/mini'
import { KEY_SERVER_SESSION_REQUIRED } from './session-required.ts'

/**
 * The key server's errors, in the form of API_ERRORS (api/errors.ts): a unique `reason`, the HTTP
 * `status`, the string `code` of the JSON body `{ code, message }` the key frame reads, and the
 * message. Codes shared with the data API (INVALID_INPUT, NOT_FOUND, …) mean the same thing there.
 */
export const KEY_SERVER_ERRORS = {
  invalidInput: {
    reason: 'KeyServerInvalidInput',
    status: 400,
    code: 'INVALID_INPUT',
    message: 'Invalid input',
  },
  unsupportedMediaType: {
    reason: 'KeyServerUnsupportedMediaType',
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'The request body must be application/json',
  },
  payloadTooLarge: {
    reason: 'KeyServerPayloadTooLarge',
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
    message: 'The request body is too large',
  },
  notFound: { reason: 'KeyServerNotFound', status: 404, code: 'NOT_FOUND', message: 'Not found' },
  crossOrigin: {
    reason: 'KeyServerCrossOrigin',
    status: 403,
    code: 'CROSS_ORIGIN_REFUSED',
    message: 'Requests are accepted from the key frame only',
  },
  projectIdInvalid: {
    reason: 'KeyServerInvalidProjectId',
    status: 403,
    code: 'INVALID_PROJECT_ID',
    message: 'Invalid Project ID: the project ID is not known to this key server.',
  },
  rateLimited: {
    reason: 'KeyServerRateLimited',
    status: 429,
    code: 'RATE_LIMITED',
    message: 'Too many requests; wait a moment and try again',
  },
  /** Spec §5: the message is exactly this, n being the remaining seconds rounded up. */
  emailCooldown: {
    reason: 'EmailLoginCooldown',
    status: 429,
    code: 'EMAIL_COOLDOWN',
    message: 'Please try again after {n} {second|seconds}',
  },
  mailUnavailable: {
    reason: 'KeyServerMailUnavailable',
    status: 503,
    code: 'MAIL_UNAVAILABLE',
    message: 'The email could not be sent; nothing was kept, so you can try again now',
  },
  deviceUnknown: {
    reason: 'KeyServerDeviceUnknown',
    status: 400,
    code: 'DEVICE_UNKNOWN',
    message: 'This browser has no pending login; start with your email',
  },
  deviceNotPending: {
    reason: 'DeviceConfirmationNotPending',
    status: 409,
    code: 'DEVICE_CONFIRMATION_NOT_PENDING',
    message: 'No device confirmation is pending; start a new login',
  },
  deviceLinkInvalid: {
    reason: 'DeviceLinkInvalid',
    status: 410,
    code: 'DEVICE_LINK_INVALID',
    message: 'This confirmation link is invalid, used or expired',
  },
  otpNotPending: {
    reason: 'OtpNotPending',
    status: 409,
    code: 'OTP_NOT_PENDING',
    message: 'No code is waiting for this step; request a new one',
  },
  otpInvalid: {
    reason: 'OtpInvalid',
    status: 401,
    code: 'OTP_INVALID',
    message: 'Wrong code, {n} {try|tries} left',
  },
  otpExpired: {
    reason: 'OtpExpired',
    status: 401,
    code: 'OTP_EXPIRED',
    message: 'This code has expired; request a new one',
  },
  otpLocked: {
    reason: 'OtpLocked',
    status: 403,
    code: 'OTP_LOCKED',
    message: 'Too many wrong codes; request a new one',
  },
  socialProviderOff: {
    reason: 'SocialProviderNotConfigured',
    status: 404,
    code: 'SOCIAL_PROVIDER_OFF',
    message: 'This sign-in provider is not set up on this key server',
  },
  socialModalOriginRefused: {
    reason: 'SocialModalOriginRefused',
    status: 403,
    code: 'SOCIAL_MODAL_ORIGIN_REFUSED',
    message: 'The sign-in popup may only answer a modal origin of this key server',
  },
  socialAnswerInvalid: {
    reason: 'SocialAnswerInvalid',
    status: 400,
    code: 'SOCIAL_ANSWER_INVALID',
    message: "This is not an answer to this key server's sign-in; start again",
  },
  socialAttemptInvalid: {
    reason: 'SocialAttemptInvalid',
    status: 409,
    code: 'SOCIAL_ATTEMPT_INVALID',
    message: 'This sign-in is unknown or was already used; start again',
  },
  socialAttemptExpired: {
    reason: 'SocialAttemptExpired',
    status: 410,
    code: 'SOCIAL_ATTEMPT_EXPIRED',
    message: 'This sign-in took too long; start again',
  },
  socialDenied: {
    reason: 'SocialLoginDenied',
    status: 401,
    code: 'SOCIAL_DENIED',
    message: 'The sign-in was cancelled or refused at the provider',
  },
  socialCodeRefused: {
    reason: 'SocialCodeRefused',
    status: 401,
    code: 'SOCIAL_CODE_REFUSED',
    message: 'The provider refused the sign-in code; start again',
  },
  socialIdTokenInvalid: {
    reason: 'SocialIdTokenInvalid',
    status: 401,
    code: 'SOCIAL_ID_TOKEN_INVALID',
    message: "The provider's identity token could not be verified",
  },
  socialEmailUnverified: {
    reason: 'SocialEmailUnverified',
    status: 403,
    code: 'SOCIAL_EMAIL_UNVERIFIED',
    message:
      'This account has no verified email address at the provider; verify one there or sign in with email',
  },
  socialProviderUnavailable: {
    reason: 'SocialProviderUnavailable',
    status: 502,
    code: 'SOCIAL_PROVIDER_UNAVAILABLE',
    message: 'The sign-in provider did not answer as expected; try again later',
  },
  sessionRequired: KEY_SERVER_SESSION_REQUIRED,
  freshAuthRequired: {
    reason: 'FreshAuthRequired',
    status: 401,
    code: 'FRESH_AUTH_REQUIRED',
    message: 'Confirm a new email code to continue',
  },
  walletExists: {
    reason: 'WalletExists',
    status: 409,
    code: 'WALLET_EXISTS',
    message: 'This account already has a wallet',
  },
  addressTaken: {
    reason: 'WalletAddressTaken',
    status: 409,
    code: 'ADDRESS_TAKEN',
    message: 'This address belongs to another account',
  },
  solanaAddressMismatch: {
    reason: 'WalletSolanaAddressMismatch',
    status: 409,
    code: 'SOLANA_ADDRESS_MISMATCH',
    message: 'This wallet has another Solana address',
  },
  walletNotFound: {
    reason: 'WalletNotFound',
    status: 404,
    code: 'WALLET_NOT_FOUND',
    message: 'This account has no wallet yet',
  },
  passkeyChallengeInvalid: {
    reason: 'PasskeyChallengeInvalid',
    status: 400,
    code: 'PASSKEY_CHALLENGE_INVALID',
    message: 'The passkey challenge is unknown, used or expired',
  },
  passkeyRefused: {
    reason: 'PasskeyRefused',
    status: 401,
    code: 'PASSKEY_REFUSED',
    message: 'The passkey response could not be verified',
  },
  passkeyUnknown: {
    reason: 'PasskeyUnknown',
    status: 401,
    code: 'PASSKEY_UNKNOWN',
    message: 'This passkey is not registered here',
  },
  topOriginRefused: {
    reason: 'PasskeyTopOriginRefused',
    status: 403,
    code: 'TOP_ORIGIN_REFUSED',
    message: 'The page embedding the wallet is not allowed for this project',
  },
  deviceKeyChallengeInvalid: {
    reason: 'DeviceKeyChallengeInvalid',
    status: 400,
    code: 'DEVICE_KEY_CHALLENGE_INVALID',
    message: 'The key window challenge is unknown, used or expired',
  },
  deviceKeyRefused: {
    reason: 'DeviceKeyRefused',
    status: 401,
    code: 'DEVICE_KEY_REFUSED',
    message: 'The key window of this browser could not be verified',
  },
  emailTaken: {
    reason: 'EmailTaken',
    status: 409,
    code: 'EMAIL_TAKEN',
    message: 'This email belongs to another account',
  },
  emailUnchanged: {
    reason: 'EmailUnchanged',
    status: 400,
    code: 'EMAIL_UNCHANGED',
    message: 'The new email is the current one',
  },
  farcasterUnavailable: {
    reason: 'FarcasterUnavailable',
    status: 503,
    code: 'FARCASTER_UNAVAILABLE',
    message: 'Sign in with Farcaster is not available right now; try again later',
  },
  farcasterChannelUnknown: {
    reason: 'FarcasterChannelUnknown',
    status: 401,
    code: 'FARCASTER_CHANNEL_UNKNOWN',
    message: 'This Farcaster sign-in request is unknown; start a new one',
  },
  farcasterChannelExpired: {
    reason: 'FarcasterChannelExpired',
    status: 410,
    code: 'FARCASTER_CHANNEL_EXPIRED',
    message: 'This Farcaster sign-in request has expired; start a new one',
  },
  farcasterChannelUsed: {
    reason: 'FarcasterChannelUsed',
    status: 409,
    code: 'FARCASTER_CHANNEL_USED',
    message: 'This Farcaster sign-in request was already used; start a new one',
  },
  farcasterMessageInvalid: {
    reason: 'FarcasterMessageInvalid',
    status: 400,
    code: 'FARCASTER_MESSAGE_INVALID',
    message: 'The sign-in message does not match this request',
  },
  farcasterSignatureRefused: {
    reason: 'FarcasterSignatureRefused',
    status: 401,
    code: 'FARCASTER_SIGNATURE_REFUSED',
    message: 'The message is not signed by the custody address of this fid',
  },
  databaseUnavailable: {
    reason: 'KeyServerDatabaseUnavailable',
    status: 503,
    code: 'DATABASE_UNAVAILABLE',
    message: 'The service is briefly unavailable; try again later',
  },
  internal: {
    reason: 'KeyServerInternalError',
    status: 500,
    code: 'INTERNAL_ERROR',
    message: 'Internal server error',
  },
} as const

export type KeyServerErrorName = keyof typeof KEY_SERVER_ERRORS
export type KeyServerErrorCode = (typeof KEY_SERVER_ERRORS)[KeyServerErrorName]['code']

export const KEY_SERVER_ERROR_CODES = [...new Set(Object.values(KEY_SERVER_ERRORS).map((e) => e.code))] as [
  KeyServerErrorCode,
  ...KeyServerErrorCode[],
]

/**
 * Fills the `{n}` of a catalogue message (the cooldown's seconds, the tries left) and picks the
 * word of each `{one|many}` that agrees with it: "1 try left", "2 tries left".
 */
export function keyServerMessage(name: KeyServerErrorName, n: number): string {
  return KEY_SERVER_ERRORS[name].message
    .replace('{n}', String(n))
    .replace(/\{([^|{}]*)\|([^|{}]*)\}/g, (_, one: string, many: string) => (n === 1 ? one : many))
}

/** The body of every non-2xx JSON answer; `retryAfterSeconds` comes with EMAIL_COOLDOWN only. */
export const KeyServerErrorBodySchema = z.object({
  code: z.enum(KEY_SERVER_ERROR_CODES),
  message: z.string().check(z.maxLength(500)),
  retryAfterSeconds: z.optional(z.number().check(z.int(), z.positive())),
})
export type KeyServerErrorBody = z.infer<typeof KeyServerErrorBodySchema>
