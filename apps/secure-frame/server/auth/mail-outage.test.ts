/**
 * A mail outage during email login (issue 10 faults): with the real SMTP catcher stopped, a login
 * is answered 503 MAIL_UNAVAILABLE and nothing of it remains (no cooldown, no code, no device
 * link), so the user can try again at once and succeeds when mail is back.
 */
import { KEY_SERVER_PATHS as PATHS, TIME } from '@walletframe/protocol'
import { afterEach, describe, expect, it } from 'vitest'
import { freshEmail, TEST_BACKENDS, TEST_PROJECT, useKeyServer } from '../test-support/key-server.ts'

describe.each(TEST_BACKENDS)('email login while mail is down on $name', (backend) => {
  const server = useKeyServer(backend)
  afterEach(async () => {
    await server.mailDown()
    await server.mailUp()
  })
  const login = (browser: ReturnType<typeof server.browser>, email: string) =>
    browser.post(PATHS.emailLogin, { email, projectId: TEST_PROJECT })
  const rowsFor = async (email: string) => {
    const count = async (table: string) =>
      (
        await server.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM key_server.${table} WHERE email = $1`,
          [email],
        )
      )[0]!.n
    return {
      cooldowns: await count('email_cooldowns'),
      codes: await count('otp_codes'),
      links: await count('device_confirmations'),
    }
  }
  const nothing = { cooldowns: 0, codes: 0, links: 0 }

  it('leaves no cooldown and no code behind; a retry once mail is back works at once', async () => {
    const browser = server.browser()
    const email = freshEmail()
    await server.mailDown()
    const failed = await login(browser, email)
    server.expectError(failed, 503, 'MAIL_UNAVAILABLE')
    expect(failed.body.message).toBe(
      'The email could not be sent; nothing was kept, so you can try again now',
    )
    expect(await rowsFor(email)).toEqual(nothing)
    // Still down: the same clear error, not "Please try again after n seconds".
    server.expectError(await login(browser, email), 503, 'MAIL_UNAVAILABLE')

    await server.mailUp()
    expect((await login(browser, email)).body).toEqual({ action: 'VERIFY_OTP' })
    const verified = await browser.post(PATHS.otpVerify, { otp: server.latestCode(email) })
    expect(verified.status).toBe(200)
  })

  it('keeps the code already pending valid when a later login cannot be mailed', async () => {
    const browser = server.browser()
    const email = freshEmail()
    expect((await login(browser, email)).body).toEqual({ action: 'VERIFY_OTP' })
    const pending = server.latestCode(email)
    server.advance(TIME.emailLoginCooldownMs)
    await server.mailDown()
    server.expectError(await login(browser, email), 503, 'MAIL_UNAVAILABLE')
    // The cooldown is as the first login left it (over): no new wait for a login that mailed nothing.
    await server.mailUp()
    expect((await browser.post(PATHS.otpVerify, { otp: pending })).status).toBe(200)
  })

  it('leaves no device link behind for a known user on a new device', async () => {
    const email = freshEmail()
    await server.login(server.browser(), email)
    const newDevice = server.browser()
    await server.mailDown()
    server.expectError(await login(newDevice, email), 503, 'MAIL_UNAVAILABLE')
    expect(await rowsFor(email)).toMatchObject({ links: 0 })
    await server.mailUp()
    expect((await login(newDevice, email)).body).toEqual({ action: 'VERIFY_DEVICE' })
  })
})
