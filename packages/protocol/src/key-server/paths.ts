/**
 * The key server of the embedded wallet (apps/secure-frame, docs/embedded-wallet.md): its routes,
 * limits and the timing it shares with the key frame. The key frame is same-origin with its server,
 * so every JSON route is called by that frame alone (spec §7 "Embedded frame messages").
 */
export const KEY_SERVER_PATHS = {
  emailLogin: '/v1/auth/email',
  deviceWait: '/v1/auth/device',
  otpVerify: '/v1/auth/otp',
  signOut: '/v1/auth/signout',
  session: '/v1/session',
  wallet: '/v1/wallet',
  /** The Solana address of a wallet made before the key server remembered it (issue 15). */
  walletSolanaAddress: '/v1/wallet/solana-address',
  recovery: '/v1/recovery',
  passkeyRegisterOptions: '/v1/passkey/register/options',
  passkeyRegister: '/v1/passkey/register',
  passkeyAssertOptions: '/v1/passkey/assert/options',
  passkeyAssert: '/v1/passkey/assert',
  /** The key window's device keys (docs/embedded-wallet.md "Key window"). */
  deviceKeyRegister: '/v1/device-key/register',
  deviceKeyChallenge: '/v1/device-key/challenge',
  deviceKeyAssert: '/v1/device-key/assert',
  emailUpdate: '/v1/email/update',
  emailUpdatePrimary: '/v1/email/update/primary',
  emailUpdateSecondary: '/v1/email/update/secondary',
  /** Social login (key-server/social.ts): start an attempt, finish it, confirm a link by email code. */
  socialStart: '/v1/auth/social/start',
  socialConnect: '/v1/auth/social/connect',
  socialOtp: '/v1/auth/social/otp',
  /**
   * A login window cut off from the modal (the provider's Cross-Origin-Opener-Policy): its callback
   * page leaves the answer here, and the key frame collects it (key-server/social.ts).
   */
  socialAnswer: '/v1/auth/social/answer',
  socialCollect: '/v1/auth/social/collect',
  /** The redirect URI registered at every provider: a first-party page in the popup (HTML). */
  socialCallback: '/oauth/callback',
  /** Sign In With Farcaster (key-server/farcaster.ts): the key frame opens a relay channel… */
  farcasterChannel: '/v1/farcaster/channel',
  /** …and long-polls it until the phone has signed. */
  farcasterStatus: '/v1/farcaster/channel/status',
  /**
   * The phone's post of the signed message: the relay's `/v1/channel/authenticate` under the relay
   * base `/farcaster`. Outside `/v1/`: it comes from a Farcaster client, not from the key frame.
   */
  farcasterAuthenticate: '/farcaster/v1/channel/authenticate',
  /** The top-level page a device-confirmation mail links to (HTML, not JSON). */
  deviceConfirm: '/device/confirm',
  /** The key-frame app's page (HTML), embedded by the modal. */
  frame: '/frame',
  /** The key window's page (HTML), a first-party popup the key frame opens. */
  keyWindow: '/key-window',
} as const

export const KEY_SERVER_LIMITS = {
  /** Any JSON body; the largest legitimate one (a passkey attestation) is a few KB. */
  maxBodyBytes: 16 * 1024,
  otpDigits: 6,
  /** The wrong try that locks a code: the 5th. */
  otpMaxWrongTries: 5,
  /** Longest e-mail address (RFC 5321 path limit). */
  maxEmailLength: 254,
  /** Longest base64 text of a share or ciphertext (a Shamir share of a 32-byte key is 33 bytes). */
  maxShareBase64Length: 2_048,
  maxWebAuthnFieldLength: 8_192,
} as const
