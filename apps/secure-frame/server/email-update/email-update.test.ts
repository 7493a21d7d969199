import { KEY_SERVER_LIMITS, KEY_SERVER_PATHS as PATHS, TIME } from '@walletframe/protocol'
import { describe, expect, it } from 'vitest'
import { freshEmail, TEST_BACKENDS, TEST_PROJECT, useKeyServer } from '../test-support/key-server.ts'

describe.each(TEST_BACKENDS)('email update on $name', (backend) => {
  const server = useKeyServer(backend)

  it('moves the account after a code to the current and one to the new address', async () => {
    const browser = server.browser()
    const email = freshEmail('old')
    const newEmail = freshEmail('new')
    await server.login(browser, email)
    expect((await browser.post(PATHS.emailUpdate, { email: newEmail })).body).toEqual({
      action: 'VERIFY_PRIMARY_OTP',
    })
    expect(server.inbox(newEmail)).toEqual([])
    const primary = server.latestCode(email)
    expect((await browser.post(PATHS.emailUpdatePrimary, { otp: primary })).body).toEqual({
      action: 'VERIFY_SECONDARY_OTP',
    })
    server.expectError(await browser.post(PATHS.emailUpdatePrimary, { otp: primary }), 409, 'OTP_NOT_PENDING')
    const secondary = server.latestCode(newEmail)
    expect((await browser.post(PATHS.emailUpdateSecondary, { otp: secondary })).body).toEqual({ newEmail })
    expect((await browser.request(PATHS.session)).body).toEqual({
      isConnected: true,
      user: { email: newEmail },
    })

    // The old address is free again; the new one logs in to the same account on a known device.
    server.advance(TIME.emailLoginCooldownMs)
    expect((await browser.post(PATHS.emailLogin, { email: newEmail, projectId: TEST_PROJECT })).body).toEqual(
      { action: 'VERIFY_OTP' },
    )
  })

  it('applies the code rules: expiry, wrong tries, lock', async () => {
    const browser = server.browser()
    const email = freshEmail()
    await server.login(browser, email)
    await browser.post(PATHS.emailUpdate, { email: freshEmail() })
    server.advance(TIME.otpLifetimeMs)
    server.expectError(
      await browser.post(PATHS.emailUpdatePrimary, { otp: server.latestCode(email) }),
      401,
      'OTP_EXPIRED',
    )

    await browser.post(PATHS.emailUpdate, { email: freshEmail() })
    const otp = server.latestCode(email)
    const wrong = otp === '999999' ? '999998' : '999999'
    for (let i = 1; i < KEY_SERVER_LIMITS.otpMaxWrongTries; i++) {
      server.expectError(await browser.post(PATHS.emailUpdatePrimary, { otp: wrong }), 401, 'OTP_INVALID')
    }
    server.expectError(await browser.post(PATHS.emailUpdatePrimary, { otp: wrong }), 403, 'OTP_LOCKED')
    server.expectError(await browser.post(PATHS.emailUpdatePrimary, { otp }), 403, 'OTP_LOCKED')
  })

  it('refuses without a session, the same address, a taken address, and a login code', async () => {
    server.expectError(
      await server.browser().post(PATHS.emailUpdate, { email: freshEmail() }),
      401,
      'SESSION_REQUIRED',
    )
    const taken = freshEmail()
    await server.login(server.browser(), taken)
    const browser = server.browser()
    const email = freshEmail()
    await server.login(browser, email)
    server.expectError(
      await browser.post(PATHS.emailUpdate, { email: email.toUpperCase() }),
      400,
      'EMAIL_UNCHANGED',
    )
    server.expectError(await browser.post(PATHS.emailUpdate, { email: taken }), 409, 'EMAIL_TAKEN')
    server.expectError(await browser.post(PATHS.emailUpdate, { email: 'nope' }), 400, 'INVALID_INPUT')
    server.expectError(
      await browser.post(PATHS.emailUpdateSecondary, { otp: '123456' }),
      409,
      'OTP_NOT_PENDING',
    )
  })
})
