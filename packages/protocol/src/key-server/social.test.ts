import { describe, expect, it } from 'vitest'
import { SocialProviderSchema } from '../entities/options.ts'
import { KEY_SERVER_ERRORS } from './errors.ts'
import {
  SOCIAL_CALLBACK_MESSAGE_TYPE,
  SOCIAL_LOGIN_PROVIDERS,
  SocialCallbackMessageSchema,
  SocialConnectResponseSchema,
  SocialStartRequestSchema,
} from './social.ts'

describe('social-login shapes', () => {
  it('takes the six OAuth providers of spec §5; Farcaster signs in otherwise', () => {
    expect([...SOCIAL_LOGIN_PROVIDERS, 'farcaster'].sort()).toEqual([...SocialProviderSchema.options].sort())
    const start = { provider: 'github', projectId: 'p', modalOrigin: 'http://127.0.0.2:5174' }
    expect(SocialStartRequestSchema.safeParse(start).success).toBe(true)
    expect(SocialStartRequestSchema.safeParse({ ...start, provider: 'farcaster' }).success).toBe(false)
    expect(SocialStartRequestSchema.safeParse({ ...start, modalOrigin: undefined }).success).toBe(false)
  })

  it('answers "connect social" with a session or with the email code that links the identity', () => {
    const connect = {
      action: 'CONNECT',
      provider: 'x',
      userName: 'ada',
      email: 'ada@example.com',
      isNewUser: true,
    }
    expect(SocialConnectResponseSchema.parse(connect)).toEqual(connect)
    const link = { action: 'VERIFY_OTP', provider: 'google', email: 'ada@example.com' }
    expect(SocialConnectResponseSchema.parse(link)).toEqual(link)
    expect(SocialConnectResponseSchema.safeParse({ ...link, action: 'VERIFY_DEVICE' }).success).toBe(false)
  })

  it("bounds the callback page's message and gives every refusal a SOCIAL_ code", () => {
    const message = {
      type: SOCIAL_CALLBACK_MESSAGE_TYPE,
      uri: 'http://localhost:5177/oauth/callback?code=a&state=b',
    }
    expect(SocialCallbackMessageSchema.parse(message)).toEqual(message)
    expect(SocialCallbackMessageSchema.safeParse({ ...message, uri: 'x'.repeat(5_000) }).success).toBe(false)
    const social = Object.entries(KEY_SERVER_ERRORS).filter(([name]) => name.startsWith('social'))
    expect(social.length).toBeGreaterThan(0)
    for (const [, entry] of social) expect(entry.code).toMatch(/^SOCIAL_/)
  })
})
