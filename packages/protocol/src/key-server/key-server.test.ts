import { describe, expect, it } from 'vitest'
import { TIME } from '../constants.ts'
import { ALL_REASONS } from '../errors/all-entries.ts'
import { EmailLoginRequestSchema, OtpRequestSchema } from './auth.ts'
import { KEY_SERVER_ERRORS, KeyServerErrorBodySchema, keyServerMessage } from './errors.ts'
import { FarcasterAuthenticateRequestSchema, FarcasterStatusResponseSchema } from './farcaster.ts'
import { RegistrationCredentialSchema } from './passkey.ts'
import { CreateWalletRequestSchema } from './wallet.ts'

const sealed = { ciphertext: 'AAAA', iv: 'AAECAwQFBgcICQoL', salt: 'c2FsdA==' }

describe('key-server shapes', () => {
  it('normalises emails and refuses malformed ones', () => {
    expect(EmailLoginRequestSchema.parse({ email: ' Ada@Example.COM ', projectId: 'p' }).email).toBe(
      'ada@example.com',
    )
    for (const email of [
      '',
      'ada',
      'ada@',
      '@example.com',
      'a b@example.com',
      `${'a'.repeat(250)}@x.io`,
      7,
      // Found by the key-server fuzzer: domain labels SMTP refuses, which ended in a 503 after the
      // login had already started its cooldown.
      'a@b-.example.com',
      'a@-b.example.com',
      'a@b.example-.com',
    ]) {
      expect(EmailLoginRequestSchema.safeParse({ email, projectId: 'p' }).success, String(email)).toBe(false)
    }
  })

  it('takes six-digit codes as strings, leading zeros included', () => {
    expect(OtpRequestSchema.parse({ otp: '000123' })).toEqual({ otp: '000123' })
    for (const otp of [123456, '12345', '1234567', '12345a', ' 123456']) {
      expect(OtpRequestSchema.safeParse({ otp }).success, String(otp)).toBe(false)
    }
  })

  it('checks the wallet address and the base64 of shares', () => {
    const wallet = { address: `0x${'ab'.repeat(20)}`, authShare: 'AQID', recovery: sealed }
    expect(CreateWalletRequestSchema.safeParse(wallet).success).toBe(true)
    expect(CreateWalletRequestSchema.safeParse({ ...wallet, address: 'ab'.repeat(20) }).success).toBe(false)
    expect(CreateWalletRequestSchema.safeParse({ ...wallet, authShare: 'not base64!' }).success).toBe(false)
  })

  it('refuses a passkey response that carries the PRF output', () => {
    const credential = {
      id: 'abc',
      rawId: 'abc',
      type: 'public-key',
      response: { clientDataJSON: 'e30', attestationObject: 'oA' },
      clientExtensionResults: {},
    }
    expect(RegistrationCredentialSchema.safeParse(credential).success).toBe(true)
    const leaking = {
      ...credential,
      clientExtensionResults: { prf: { enabled: true, results: { first: 'x' } } },
    }
    expect(RegistrationCredentialSchema.safeParse(leaking).success).toBe(false)
  })

  it('fills message templates and lists every reason once', () => {
    expect(keyServerMessage('emailCooldown', 7)).toBe('Please try again after 7 seconds')
    expect(keyServerMessage('emailCooldown', 1)).toBe('Please try again after 1 second')
    expect(keyServerMessage('otpInvalid', 1)).toBe('Wrong code, 1 try left')
    expect(keyServerMessage('otpInvalid', 2)).toBe('Wrong code, 2 tries left')
    expect(
      KeyServerErrorBodySchema.safeParse({ code: 'EMAIL_COOLDOWN', message: 'm', retryAfterSeconds: 7 })
        .success,
    ).toBe(true)
    for (const entry of Object.values(KEY_SERVER_ERRORS)) {
      expect(ALL_REASONS.filter((reason) => reason === entry.reason)).toHaveLength(1)
    }
  })

  it('keeps the device long-poll inside the frame step deadline', () => {
    expect(TIME.deviceConfirmationWaitMs).toBeLessThan(TIME.authStepTimeoutMs)
    expect(TIME.otpLifetimeMs).toBe(10 * 60_000)
  })

  it('takes a FIP-11 post: a 65-byte signature, a positive fid, an fname for the username', () => {
    const post = { message: 'm', signature: `0x${'ab'.repeat(65)}`, fid: 3, username: 'carol' }
    expect(FarcasterAuthenticateRequestSchema.safeParse(post).success).toBe(true)
    expect(FarcasterAuthenticateRequestSchema.safeParse({ ...post, username: 'vitalik.eth' }).success).toBe(
      true,
    )
    for (const bad of [
      { signature: `0x${'ab'.repeat(64)}` },
      { signature: 'ab'.repeat(65) },
      { fid: 0 },
      { fid: 1.5 },
      { fid: '3' },
      { username: 'Carol' },
      { username: 'a'.repeat(17) },
      { message: 'm'.repeat(4_097) },
    ]) {
      expect(
        FarcasterAuthenticateRequestSchema.safeParse({ ...post, ...bad }).success,
        JSON.stringify(bad),
      ).toBe(false)
    }
  })

  it('answers a Farcaster status as pending, or completed with the user name', () => {
    expect(FarcasterStatusResponseSchema.safeParse({ state: 'pending' }).success).toBe(true)
    const completed = { state: 'completed', fid: 1, userName: 'alice', isNewUser: true, needsSetup: true }
    expect(FarcasterStatusResponseSchema.safeParse(completed).success).toBe(true)
    expect(FarcasterStatusResponseSchema.safeParse({ ...completed, userName: undefined }).success).toBe(false)
  })

  it('keeps the Farcaster long-poll inside the frame step deadline', () => {
    expect(TIME.farcasterStatusWaitMs).toBeLessThan(TIME.authStepTimeoutMs)
    expect(TIME.farcasterChannelLifetimeMs).toBe(TIME.pairingLifetimeMs)
  })
})
