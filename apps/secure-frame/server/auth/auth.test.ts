import { KEY_SERVER_LIMITS, KEY_SERVER_PATHS as PATHS, TIME } from '@walletframe/protocol'
import { describe, expect, it } from 'vitest'
import { freshEmail, TEST_BACKENDS, TEST_PROJECT, useKeyServer } from '../test-support/key-server.ts'

describe.each(TEST_BACKENDS)('email login on $name', (backend) => {
  const server = useKeyServer(backend)
  const start = (browser = server.browser(), email = freshEmail()) =>
    browser
      .post(PATHS.emailLogin, { email, projectId: TEST_PROJECT })
      .then((response) => ({ browser, email, response }))

  it('mails a 6-digit code to a new email and answers VERIFY_OTP', async () => {
    const { response, email } = await start()
    expect(response.body).toEqual({ action: 'VERIFY_OTP' })
    const [mail] = server.inbox(email)
    expect(mail?.code).toMatch(/^[0-9]{6}$/)
    expect(mail?.text).toContain(mail?.code)
    expect(mail?.html).toContain(mail?.code)
  })

  it('refuses malformed input with 400 and a message naming the field', async () => {
    const browser = server.browser()
    for (const body of [{ email: 'not-an-email', projectId: TEST_PROJECT }, { email: 42 }, {}, []]) {
      const response = await browser.post(PATHS.emailLogin, body)
      server.expectError(response, 400, 'INVALID_INPUT')
    }
    // Found by the fuzzer: accepted, then refused by SMTP as a 503 with the cooldown already set.
    const undeliverable = await browser.post(PATHS.emailLogin, {
      email: 'a@b-.example.com',
      projectId: TEST_PROJECT,
    })
    server.expectError(undeliverable, 400, 'INVALID_INPUT')
    const bad = await browser.post(PATHS.emailLogin, { email: 'x@', projectId: TEST_PROJECT })
    expect(bad.body.message).toBe('Invalid body field email: must be an e-mail address')
    server.expectError(await browser.post(PATHS.emailLogin, '{"email":'), 400, 'INVALID_INPUT')
    server.expectError(await browser.post(PATHS.otpVerify, { otp: 123456 }), 400, 'INVALID_INPUT')
    server.expectError(await browser.post(PATHS.otpVerify, { otp: '12345' }), 400, 'INVALID_INPUT')
    server.expectError(
      await browser.request(PATHS.emailLogin, { body: 'email=a', headers: { 'content-type': 'text/plain' } }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    )
    const huge = {
      email: freshEmail(),
      projectId: TEST_PROJECT,
      pad: 'x'.repeat(KEY_SERVER_LIMITS.maxBodyBytes),
    }
    server.expectError(await browser.post(PATHS.emailLogin, huge), 413, 'PAYLOAD_TOO_LARGE')
    server.expectError(
      await browser.post(PATHS.emailLogin, { email: freshEmail(), projectId: 'nope' }),
      403,
      'INVALID_PROJECT_ID',
    )
  })

  it('refuses a new login within the cooldown, with n rounded up', async () => {
    const { browser, email } = await start()
    server.advance(TIME.emailLoginCooldownMs - 12_300) // 12.3 s left
    const refused = await browser.post(PATHS.emailLogin, { email, projectId: TEST_PROJECT })
    expect(refused.status).toBe(429)
    expect(refused.body).toEqual({
      code: 'EMAIL_COOLDOWN',
      message: 'Please try again after 13 seconds',
      retryAfterSeconds: 13,
    })
    expect(refused.headers.get('retry-after')).toBe('13')
    server.advance(12_300)
    expect((await browser.post(PATHS.emailLogin, { email, projectId: TEST_PROJECT })).status).toBe(200)
  })

  it('keeps the cooldown per browser: another device may log in to the same address at once', async () => {
    const { email } = await start()
    const other = server.browser()
    expect((await other.post(PATHS.emailLogin, { email, projectId: TEST_PROJECT })).status).toBe(200)
    expect((await other.post(PATHS.emailLogin, { email, projectId: TEST_PROJECT })).status).toBe(429)
  })

  it('signs in with the code once, with the session cookie HttpOnly, Secure, SameSite=None, Partitioned', async () => {
    const { browser, email } = await start()
    const otp = server.latestCode(email)
    const verified = await browser.post(PATHS.otpVerify, { otp })
    expect(verified.body).toEqual({ email, isNewUser: true })
    const cookie = verified.headers.getSetCookie().find((line) => line.startsWith('wf_session='))
    expect(cookie).toMatch(/^wf_session=[A-Za-z0-9_-]{43};/)
    for (const attribute of ['HttpOnly', 'Secure', 'SameSite=None', 'Partitioned', 'Path=/'])
      expect(cookie).toContain(attribute)
    const device = (
      await server.browser().post(PATHS.emailLogin, { email: freshEmail(), projectId: TEST_PROJECT })
    ).headers
      .getSetCookie()
      .find((line) => line.startsWith('wf_device='))
    for (const attribute of ['HttpOnly', 'Secure', 'SameSite=None', 'Partitioned'])
      expect(device).toContain(attribute)

    expect((await browser.request(PATHS.session)).body).toEqual({ isConnected: true, user: { email } })
    server.expectError(await browser.post(PATHS.otpVerify, { otp }), 409, 'OTP_NOT_PENDING')
    // Only hashes are stored: neither the code nor the session token appears in the database.
    const rows = JSON.stringify(await server.db.query('SELECT * FROM key_server.otp_codes'))
    expect(rows).not.toContain(otp)
    const stored = JSON.stringify(await server.db.query('SELECT * FROM key_server.sessions'))
    expect(stored).not.toContain(browser.cookies.get('wf_session'))
  })

  it('expires codes after 10 minutes', async () => {
    const { browser, email } = await start()
    server.advance(TIME.otpLifetimeMs)
    server.expectError(
      await browser.post(PATHS.otpVerify, { otp: server.latestCode(email) }),
      401,
      'OTP_EXPIRED',
    )
  })

  it('counts wrong tries and locks the code at the 5th, even for the right code', async () => {
    const { browser, email } = await start()
    const otp = server.latestCode(email)
    const wrong = otp === '000000' ? '000001' : '000000'
    const messages = []
    for (let left = KEY_SERVER_LIMITS.otpMaxWrongTries - 1; left > 0; left--) {
      const response = await browser.post(PATHS.otpVerify, { otp: wrong })
      server.expectError(response, 401, 'OTP_INVALID')
      messages.push(response.body.message)
    }
    // The last warning is singular.
    expect(messages).toEqual([
      'Wrong code, 4 tries left',
      'Wrong code, 3 tries left',
      'Wrong code, 2 tries left',
      'Wrong code, 1 try left',
    ])
    server.expectError(await browser.post(PATHS.otpVerify, { otp: wrong }), 403, 'OTP_LOCKED')
    server.expectError(await browser.post(PATHS.otpVerify, { otp }), 403, 'OTP_LOCKED')
    // A new login issues a new code, which works.
    server.advance(TIME.emailLoginCooldownMs)
    await browser.post(PATHS.emailLogin, { email, projectId: TEST_PROJECT })
    expect((await browser.post(PATHS.otpVerify, { otp: server.latestCode(email) })).status).toBe(200)
  })

  it('asks a known user on a new device to confirm it by a mailed link first', async () => {
    const email = freshEmail()
    await server.login(server.browser(), email)
    server.advance(TIME.emailLoginCooldownMs)
    const laptop = server.browser()
    const started = await laptop.post(PATHS.emailLogin, { email, projectId: TEST_PROJECT })
    expect(started.body).toEqual({ action: 'VERIFY_DEVICE' })
    const link = new URL(server.inbox(email)[0]?.link ?? '')
    expect(link.origin).toBe(server.config.origin)
    expect(link.pathname).toBe(PATHS.deviceConfirm)
    // No code yet: the code is mailed only after the link was opened.
    server.expectError(await laptop.post(PATHS.otpVerify, { otp: '123456' }), 409, 'OTP_NOT_PENDING')
    expect((await laptop.post(PATHS.deviceWait)).body).toEqual({ confirmed: false })

    const waiting = laptop.post(PATHS.deviceWait)
    const page = await server.browser().request(`${link.pathname}${link.search}`)
    expect(page.status).toBe(200)
    expect(page.body).toContain('Device confirmed')
    expect((await waiting).body).toEqual({ confirmed: true })
    const again = await server.browser().request(`${link.pathname}${link.search}`)
    expect(again.status).toBe(410)

    const verified = await laptop.post(PATHS.otpVerify, { otp: server.latestCode(email) })
    expect(verified.body).toEqual({ email, isNewUser: false })
    // The laptop is known now: its next login gets a code at once.
    server.advance(TIME.emailLoginCooldownMs)
    expect((await laptop.post(PATHS.emailLogin, { email, projectId: TEST_PROJECT })).body).toEqual({
      action: 'VERIFY_OTP',
    })
  })

  it('expires confirmation links', async () => {
    const email = freshEmail()
    await server.login(server.browser(), email)
    server.advance(TIME.emailLoginCooldownMs)
    const laptop = server.browser()
    await laptop.post(PATHS.emailLogin, { email, projectId: TEST_PROJECT })
    const link = new URL(server.inbox(email)[0]?.link ?? '')
    server.advance(TIME.deviceConfirmationLifetimeMs)
    expect((await server.browser().request(`${link.pathname}${link.search}`)).status).toBe(410)
    server.expectError(await laptop.post(PATHS.deviceWait), 409, 'DEVICE_CONFIRMATION_NOT_PENDING')
    server.expectError(await server.browser().post(PATHS.deviceWait), 400, 'DEVICE_UNKNOWN')
  })

  it('signs out: the session is deleted and the cookie cleared', async () => {
    const browser = server.browser()
    const email = freshEmail()
    await server.login(browser, email)
    const token = browser.cookies.get('wf_session') ?? ''
    const signedOut = await browser.post(PATHS.signOut)
    expect(signedOut.body).toEqual({ signedOut: true })
    expect(signedOut.headers.getSetCookie().join()).toMatch(/wf_session=;.*Max-Age=0/)
    expect((await browser.request(PATHS.session)).body).toEqual({ isConnected: false })
    const replay = server.browser()
    replay.cookies.set('wf_session', token)
    expect((await replay.request(PATHS.session)).body).toEqual({ isConnected: false })
  })

  it('lets only one of two simultaneous requests use a code', async () => {
    const { browser, email } = await start()
    const otp = server.latestCode(email)
    const answers = await Promise.all([
      browser.post(PATHS.otpVerify, { otp }),
      browser.post(PATHS.otpVerify, { otp }),
    ])
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409])
  })

  it('ends sessions after their lifetime', async () => {
    const browser = server.browser()
    await server.login(browser, freshEmail())
    server.advance(TIME.sessionLifetimeMs)
    expect((await browser.request(PATHS.session)).body).toEqual({ isConnected: false })
  })

  it('refuses cross-origin and origin-less POSTs', async () => {
    const browser = server.browser()
    const body = { email: freshEmail(), projectId: TEST_PROJECT }
    server.expectError(
      await browser.post(PATHS.emailLogin, body, { origin: 'http://127.0.0.1:5173' }),
      403,
      'CROSS_ORIGIN_REFUSED',
    )
    server.expectError(
      await browser.post(PATHS.emailLogin, body, { origin: null }),
      403,
      'CROSS_ORIGIN_REFUSED',
    )
    expect(server.inbox(body.email)).toEqual([])
  })
})
