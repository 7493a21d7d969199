import { KEY_SERVER_PATHS as PATHS, TIME } from '@walletframe/protocol'
import { describe, expect, it } from 'vitest'
import { freshEmail, TEST_BACKENDS, TEST_PROJECT, useKeyServer } from '../test-support/key-server.ts'

describe.each(TEST_BACKENDS.slice(0, 1))('rate limits on $name', (backend) => {
  const server = useKeyServer(backend, {
    rateLimits: {
      perIp: { capacity: 4, refillPerMinute: 1 },
      perEmail: { capacity: 2, refillPerMinute: 0.1 },
    },
  })

  it('answers 429 with Retry-After once an IP has used its burst', async () => {
    const browser = server.browser()
    for (let i = 0; i < 4; i++)
      expect((await browser.post(PATHS.otpVerify, { otp: '000000' })).status).not.toBe(429)
    const limited = await browser.post(PATHS.otpVerify, { otp: '000000' })
    server.expectError(limited, 429, 'RATE_LIMITED')
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    // Another IP is not affected, and the session read is not limited.
    expect((await server.browser().post(PATHS.otpVerify, { otp: '000000' })).status).not.toBe(429)
    expect((await browser.request(PATHS.session)).status).toBe(200)
  })

  it('limits logins per email across IPs', async () => {
    const email = freshEmail()
    for (let i = 0; i < 2; i++) {
      const response = await server.browser().post(PATHS.emailLogin, { email, projectId: TEST_PROJECT })
      expect(response.status).toBe(200)
      server.advance(TIME.emailLoginCooldownMs)
    }
    server.expectError(
      await server.browser().post(PATHS.emailLogin, { email, projectId: TEST_PROJECT }),
      429,
      'RATE_LIMITED',
    )
  })
})
