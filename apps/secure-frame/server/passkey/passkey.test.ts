import { KEY_SERVER_PATHS as PATHS, TIME } from '@walletframe/protocol'
import { describe, expect, it } from 'vitest'
import { SoftwarePasskey } from '../test-support/authenticator.ts'
import {
  freshEmail,
  HOST_ORIGIN,
  KEY_ORIGIN,
  TEST_BACKENDS,
  TEST_PROJECT,
  type TestBrowser,
  useKeyServer,
} from '../test-support/key-server.ts'

const sealed = (tag: string) => ({
  ciphertext: Buffer.from(`${tag}-ciphertext`).toString('base64'),
  iv: 'AAECAwQFBgcICQoL',
  salt: 'c2FsdHNhbHRzYWx0',
})
const address = () => `0x${Buffer.from(crypto.getRandomValues(new Uint8Array(20))).toString('hex')}`
const honest = { origin: KEY_ORIGIN, topOrigin: HOST_ORIGIN }

describe.each(TEST_BACKENDS)('passkeys on $name', (backend) => {
  const server = useKeyServer(backend)

  /** A signed-in user with a wallet and one registered passkey. */
  async function userWithPasskey() {
    const browser = server.browser()
    const email = freshEmail()
    await server.login(browser, email)
    const wallet = {
      address: address(),
      authShare: Buffer.from('auth-share-bytes').toString('base64'),
      recovery: sealed('recovery'),
    }
    expect((await browser.post(PATHS.wallet, wallet)).status).toBe(201)
    const passkey = new SoftwarePasskey()
    const options = await browser.post(PATHS.passkeyRegisterOptions)
    expect(options.status).toBe(200)
    const registered = await browser.post(PATHS.passkeyRegister, {
      response: passkey.create(options.body, honest),
      deviceShare: sealed('device'),
    })
    expect(registered.status, JSON.stringify(registered.body)).toBe(201)
    expect(registered.body).toEqual({ credentialId: passkey.id })
    return { browser, email, wallet, passkey }
  }

  async function assertWith(
    browser: TestBrowser,
    passkey: SoftwarePasskey,
    ceremony = honest,
    email?: string,
  ) {
    const options = await browser.post(PATHS.passkeyAssertOptions, email ? { email } : {})
    expect(options.status).toBe(200)
    const response = passkey.get(options.body, ceremony)
    return {
      response,
      answer: await browser.post(PATHS.passkeyAssert, { response, projectId: TEST_PROJECT }),
    }
  }

  it('registers with creation options for the key origin, resident key required', async () => {
    const browser = server.browser()
    await server.login(browser, freshEmail())
    const { body } = await browser.post(PATHS.passkeyRegisterOptions)
    expect(body.rp).toEqual({ id: 'localhost', name: 'WalletFrame' })
    expect(body.authenticatorSelection).toMatchObject({
      residentKey: 'required',
      userVerification: 'preferred',
    })
    expect(body.challenge).toMatch(/^[A-Za-z0-9_-]{43}$/)
  })

  it('unlocks the auth share and the device share with a verified assertion on a new browser', async () => {
    const { email, wallet, passkey } = await userWithPasskey()
    const stranger = server.browser()
    const { answer } = await assertWith(stranger, passkey, honest, email)
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(answer.body).toEqual({
      email,
      address: wallet.address,
      authShare: wallet.authShare,
      deviceShare: { credentialId: passkey.id, ...sealed('device') },
    })
    expect(answer.headers.getSetCookie().join()).toMatch(/wf_session=.*Partitioned/)
    expect((await stranger.request(PATHS.session)).body).toEqual({
      isConnected: true,
      user: { email, address: wallet.address, unlock: { passkey: true, keyWindow: false } },
    })
    // The email login now lists the passkey's sealed share too.
    server.advance(TIME.emailLoginCooldownMs)
    const relogin = await server.login(server.browser(), email)
    expect(relogin.wallet?.deviceShares).toEqual([{ credentialId: passkey.id, ...sealed('device') }])
  })

  it('refuses a wrong origin, a wrong or missing top origin, a replayed challenge and a stale counter', async () => {
    const { passkey } = await userWithPasskey()
    const browser = server.browser()
    server.expectError(
      (await assertWith(browser, passkey, { origin: 'http://evil.localhost:5177', topOrigin: HOST_ORIGIN }))
        .answer,
      401,
      'PASSKEY_REFUSED',
    )
    server.expectError(
      (await assertWith(browser, passkey, { origin: KEY_ORIGIN, topOrigin: 'http://evil.example' })).answer,
      403,
      'TOP_ORIGIN_REFUSED',
    )
    const crossWithoutTop = await browser.post(PATHS.passkeyAssertOptions, {})
    const response = passkey.get(crossWithoutTop.body, honest)
    const clientData = JSON.parse(Buffer.from(response.response.clientDataJSON, 'base64url').toString())
    delete clientData.topOrigin
    response.response.clientDataJSON = Buffer.from(JSON.stringify(clientData)).toString('base64url')
    server.expectError(
      await browser.post(PATHS.passkeyAssert, { response, projectId: TEST_PROJECT }),
      403,
      'TOP_ORIGIN_REFUSED',
    )

    const { response: used, answer } = await assertWith(browser, passkey)
    expect(answer.status).toBe(200)
    server.expectError(
      await browser.post(PATHS.passkeyAssert, { response: used, projectId: TEST_PROJECT }),
      400,
      'PASSKEY_CHALLENGE_INVALID',
    )

    passkey.counter -= 2 // a cloned authenticator replays an older counter
    server.expectError((await assertWith(browser, passkey)).answer, 401, 'PASSKEY_REFUSED')
  })

  it('refuses expired challenges, unknown passkeys, PRF outputs and unknown projects', async () => {
    const { passkey } = await userWithPasskey()
    const browser = server.browser()
    const options = await browser.post(PATHS.passkeyAssertOptions, {})
    server.advance(TIME.passkeyChallengeLifetimeMs)
    const late = passkey.get(options.body, honest)
    server.expectError(
      await browser.post(PATHS.passkeyAssert, { response: late, projectId: TEST_PROJECT }),
      400,
      'PASSKEY_CHALLENGE_INVALID',
    )
    server.expectError((await assertWith(browser, new SoftwarePasskey())).answer, 401, 'PASSKEY_UNKNOWN')
    const leaking = { ...honest, clientExtensionResults: { prf: { results: { first: 'AAAA' } } } }
    server.expectError((await assertWith(browser, passkey, leaking)).answer, 400, 'INVALID_INPUT')
    const fresh = await browser.post(PATHS.passkeyAssertOptions, {})
    server.expectError(
      await browser.post(PATHS.passkeyAssert, {
        response: passkey.get(fresh.body, honest),
        projectId: 'other',
      }),
      403,
      'INVALID_PROJECT_ID',
    )
  })

  it('registers only on a fresh session, with the challenge of that user', async () => {
    server.expectError(await server.browser().post(PATHS.passkeyRegisterOptions), 401, 'SESSION_REQUIRED')
    const browser = server.browser()
    await server.login(browser, freshEmail())
    const options = await browser.post(PATHS.passkeyRegisterOptions)
    const other = server.browser()
    await server.login(other, freshEmail())
    const passkey = new SoftwarePasskey()
    const stolen = await other.post(PATHS.passkeyRegister, {
      response: passkey.create(options.body, honest),
      deviceShare: sealed('d'),
    })
    server.expectError(stolen, 400, 'PASSKEY_CHALLENGE_INVALID')
    server.advance(TIME.freshAuthMs)
    server.expectError(await browser.post(PATHS.passkeyRegisterOptions), 401, 'FRESH_AUTH_REQUIRED')
  })
})
