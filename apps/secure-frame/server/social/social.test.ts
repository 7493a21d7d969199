import { randomBytes } from 'node:crypto'
import { signInAtDevProvider } from '@walletframe/dev-oidc/test-client'
import {
  KEY_SERVER_PATHS as PATHS,
  SOCIAL_CALLBACK_MESSAGE_TYPE,
  SOCIAL_LOGIN_LIMITS,
  SOCIAL_LOGIN_PROVIDERS,
  SocialConnectResponseSchema,
} from '@walletframe/protocol'
import { decodeJwt, exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose'
import { beforeAll, describe, expect, it } from 'vitest'
import { deriveServerKeys, seal, tokenHash } from '../crypto/secrets.ts'
import { freshEmail, TEST_BACKENDS, TEST_PROJECT, useKeyServer } from '../test-support/key-server.ts'
import {
  callbackUri,
  MODAL_ORIGIN,
  socialAnswer,
  socialLogin,
  startSocial,
  useDevOidc,
} from '../test-support/social.ts'
import { verifierAad } from './attempts.ts'
import { newVerifier } from './oauth-client.ts'

/** A user name nobody used yet: its address `{name}@example.com` is new too. */
const freshName = (label = 'user') => `${label}-${randomBytes(4).toString('hex')}`

describe.each(TEST_BACKENDS)('social login on $name', (backend) => {
  const dev = useDevOidc()
  const server = useKeyServer(backend, { social: dev.social })

  it('signs in with each of the six providers: a new account, the same one again, another for another user', async () => {
    server.now = Date.now()
    for (const provider of SOCIAL_LOGIN_PROVIDERS) {
      const browser = server.browser()
      const name = freshName(provider)
      const first = await socialLogin(browser, provider, name)
      expect(first.connect.status, `${provider}: ${JSON.stringify(first.connect.body)}`).toBe(200)
      expect(SocialConnectResponseSchema.parse(first.connect.body)).toEqual({
        action: 'CONNECT',
        provider,
        // Apple's ID token has no name: its user name is the address.
        userName: provider === 'apple' ? `${name}@example.com` : name,
        email: `${name}@example.com`,
        isNewUser: true,
      })
      const cookie = first.connect.headers.getSetCookie().find((line) => line.startsWith('wf_session='))
      for (const attribute of ['HttpOnly', 'Secure', 'SameSite=None', 'Partitioned'])
        expect(cookie).toContain(attribute)
      // After a reload the session still says which identity this browser signed in with (spec §3).
      expect((await browser.request(PATHS.session)).body).toEqual({
        isConnected: true,
        user: {
          email: `${name}@example.com`,
          userName: first.connect.body.userName,
          socialProvider: provider,
        },
      })

      const again = await socialLogin(server.browser(), provider, name)
      expect(again.connect.body).toMatchObject({ action: 'CONNECT', isNewUser: false })
      const other = await socialLogin(server.browser(), provider, freshName(provider))
      expect(other.connect.body).toMatchObject({ action: 'CONNECT', isNewUser: true })

      const owners = await server.db.query<{ subject: string; user_id: string }>(
        'SELECT subject, user_id FROM key_server.identities WHERE provider = $1 AND user_name IN ($2, $3)',
        [provider, first.connect.body.userName, other.connect.body.userName],
      )
      expect(new Set(owners.map((row) => row.user_id)).size).toBe(2)
    }
  })

  it('releases the wallet of a returning identity, as an email code does', async () => {
    server.now = Date.now()
    const name = freshName()
    const browser = server.browser()
    await socialLogin(browser, 'github', name)
    const wallet = {
      address: `0x${randomBytes(20).toString('hex')}`,
      authShare: Buffer.from('auth-share').toString('base64'),
      recovery: { ciphertext: 'AAAA', iv: 'AAECAwQFBgcICQoL', salt: 'c2FsdA==' },
    }
    expect((await browser.post(PATHS.wallet, wallet)).status).toBe(201)
    const again = await socialLogin(server.browser(), 'github', name)
    expect(again.connect.body.wallet).toEqual({
      address: wallet.address,
      authShare: wallet.authShare,
      deviceShares: [],
      deviceKeyIds: [],
      hasRecovery: true,
    })
  })

  it('links an identity to the email account of its verified address only after an email code', async () => {
    server.now = Date.now()
    const name = freshName('linked')
    const email = `${name}@example.com`
    const emailBrowser = server.browser()
    await server.login(emailBrowser, email)
    const mailsBefore = server.inbox(email).length

    const browser = server.browser()
    const { connect } = await socialLogin(browser, 'google', name)
    expect(connect.body).toEqual({ action: 'VERIFY_OTP', provider: 'google', email })
    expect(connect.headers.getSetCookie().some((line) => line.startsWith('wf_session='))).toBe(false)
    expect((await browser.request(PATHS.session)).body).toEqual({ isConnected: false })
    expect(server.inbox(email).length).toBe(mailsBefore + 1)
    const otp = server.latestCode(email)

    // The code is bound to this browser's pending link: neither another browser nor an email login takes it.
    const stranger = server.browser()
    await stranger.post(PATHS.emailLogin, { email: freshEmail(), projectId: TEST_PROJECT })
    server.expectError(await stranger.post(PATHS.socialOtp, { otp }), 409, 'OTP_NOT_PENDING')
    server.expectError(await browser.post(PATHS.otpVerify, { otp }), 409, 'OTP_NOT_PENDING')
    const wrong = otp === '000000' ? '000001' : '000000'
    server.expectError(await browser.post(PATHS.socialOtp, { otp: wrong }), 401, 'OTP_INVALID')

    const linked = await browser.post(PATHS.socialOtp, { otp })
    expect(linked.status, JSON.stringify(linked.body)).toBe(200)
    expect(linked.body).toEqual({
      action: 'CONNECT',
      provider: 'google',
      userName: name,
      email,
      isNewUser: false,
    })
    expect((await browser.request(PATHS.session)).body).toEqual({
      isConnected: true,
      user: { email, userName: name, socialProvider: 'google' },
    })
    // The same account signed in by email code elsewhere names no identity.
    expect((await emailBrowser.request(PATHS.session)).body).toEqual({ isConnected: true, user: { email } })
    const [identity] = await server.db.query<{ user_id: string }>(
      "SELECT i.user_id FROM key_server.identities i JOIN key_server.users u ON u.id = i.user_id WHERE i.provider = 'google' AND u.email = $1",
      [email],
    )
    expect(identity).toBeDefined()

    // Linked: the next login of the identity needs no code.
    const again = await socialLogin(server.browser(), 'google', name)
    expect(again.connect.body).toMatchObject({ action: 'CONNECT', email, isNewUser: false })
    server.expectError(await browser.post(PATHS.socialOtp, { otp }), 409, 'OTP_NOT_PENDING')
  })

  it('serves the callback page: posts its URL to the modal origin of the attempt only, then closes', async () => {
    server.now = Date.now()
    const browser = server.browser()
    const { uri } = await socialAnswer(browser, 'discord', freshName())
    const url = new URL(uri)
    const page = await browser.request(`${url.pathname}${url.search}`)
    expect(page.status).toBe(200)
    expect(page.body).toContain(
      `window.opener.postMessage({ type: ${JSON.stringify(SOCIAL_CALLBACK_MESSAGE_TYPE)}`,
    )
    expect(page.body).toContain(`, ${JSON.stringify(MODAL_ORIGIN)})`)
    expect(page.body).toContain('window.close()')
    const csp = page.headers.get('content-security-policy') ?? ''
    const nonce = /script-src 'nonce-([^']+)'/.exec(csp)?.[1]
    expect(page.body).toContain(`<script nonce="${nonce}">`)
    expect(csp).toContain("frame-ancestors 'none'")
    expect(page.headers.get('referrer-policy')).toBe('no-referrer')
    expect(page.headers.get('cache-control')).toBe('no-store')

    const unknown = await browser.request(
      `${url.pathname}?code=x&state=${randomBytes(32).toString('base64url')}`,
    )
    expect(unknown.status).toBe(410)
    expect(unknown.body).not.toContain('<script')
    // Used up by "connect social", the state no longer opens the page either.
    expect((await browser.post(PATHS.socialConnect, { uri })).status).toBe(200)
    expect((await browser.request(`${url.pathname}${url.search}`)).status).toBe(410)
  })

  it("turns Apple's form post into the callback page's URL", async () => {
    server.now = Date.now()
    const browser = server.browser()
    const answer = await signInAtDevProvider(await startSocial(browser, 'apple'), freshName())
    expect(answer.kind).toBe('form_post')
    const uri = await callbackUri(browser, answer)
    expect(uri.startsWith(`${server.config.social.redirectUri}?`)).toBe(true)
    expect(new URL(uri).searchParams.get('code')).toBeTruthy()
    expect((await browser.post(PATHS.socialConnect, { uri })).body).toMatchObject({ action: 'CONNECT' })
  })
})

describe.each(TEST_BACKENDS.slice(0, 1))('social login refusals on $name', (backend) => {
  const dev = useDevOidc()
  const server = useKeyServer(backend, {
    social: dev.social,
    rateLimits: {
      perIp: { capacity: 1_000, refillPerMinute: 1_000 },
      perEmail: { capacity: 6, refillPerMinute: 1 },
    },
  })
  const connect = (browser: ReturnType<typeof server.browser>, uri: string) =>
    browser.post(PATHS.socialConnect, { uri })

  it('refuses a tampered state', async () => {
    server.now = Date.now()
    const browser = server.browser()
    const { uri } = await socialAnswer(browser, 'google', freshName())
    const tampered = new URL(uri)
    tampered.searchParams.set('state', randomBytes(32).toString('base64url'))
    server.expectError(await connect(browser, tampered.toString()), 409, 'SOCIAL_ATTEMPT_INVALID')
    tampered.searchParams.set('state', 'short')
    server.expectError(await connect(browser, tampered.toString()), 400, 'SOCIAL_ANSWER_INVALID')
  })

  it('refuses a replayed code: the same answer twice, or the code under a new attempt', async () => {
    server.now = Date.now()
    const browser = server.browser()
    const { uri } = await socialAnswer(browser, 'github', freshName())
    expect((await connect(browser, uri)).status).toBe(200)
    server.expectError(await connect(browser, uri), 409, 'SOCIAL_ATTEMPT_INVALID')
    // A new attempt of the same browser with the old code: the provider refuses it (used, other PKCE).
    const fresh = await socialAnswer(browser, 'github', freshName())
    const replay = new URL(fresh.uri)
    replay.searchParams.set('code', new URL(uri).searchParams.get('code') ?? '')
    server.expectError(await connect(browser, replay.toString()), 401, 'SOCIAL_CODE_REFUSED')
  })

  it('refuses the code with a wrong PKCE verifier', async () => {
    server.now = Date.now()
    const browser = server.browser()
    const { uri, state } = await socialAnswer(browser, 'google', freshName())
    const hash = tokenHash(state)
    const box = seal(
      deriveServerKeys(server.config.secret).socialKey,
      Buffer.from(newVerifier()),
      verifierAad(hash),
    )
    await server.db.query(
      'UPDATE key_server.social_attempts SET verifier_iv = $2, verifier_sealed = $3 WHERE state_hash = $1',
      [hash, box.iv, box.sealed],
    )
    const refused = await connect(browser, uri)
    server.expectError(refused, 401, 'SOCIAL_CODE_REFUSED')
    expect(refused.body.message).toMatch(/PKCE|code_verifier|grant/i)
  })

  it('refuses an expired attempt', async () => {
    server.now = Date.now()
    const browser = server.browser()
    const { uri } = await socialAnswer(browser, 'x', freshName())
    server.advance(SOCIAL_LOGIN_LIMITS.attemptLifetimeMs)
    server.expectError(await connect(browser, uri), 410, 'SOCIAL_ATTEMPT_EXPIRED')
  })

  it('refuses the state of another browser, which leaves the attempt to its own', async () => {
    server.now = Date.now()
    const browser = server.browser()
    const { uri } = await socialAnswer(browser, 'facebook', freshName())
    const other = server.browser()
    server.expectError(await connect(other, uri), 400, 'DEVICE_UNKNOWN')
    await other.post(PATHS.emailLogin, { email: freshEmail(), projectId: TEST_PROJECT }) // now has a device cookie
    server.expectError(await connect(other, uri), 409, 'SOCIAL_ATTEMPT_INVALID')
    expect((await connect(browser, uri)).body).toMatchObject({ action: 'CONNECT', provider: 'facebook' })
  })

  it('says so when the user cancels at the provider', async () => {
    server.now = Date.now()
    const browser = server.browser()
    const { uri } = await socialAnswer(browser, 'discord', null)
    expect(new URL(uri).searchParams.get('error')).toBe('access_denied')
    const refused = await connect(browser, uri)
    server.expectError(refused, 401, 'SOCIAL_DENIED')
    expect(refused.body.message).toContain('access_denied')
  })

  it('refuses bad starts and answers that are not its callback', async () => {
    const browser = server.browser()
    const start = (body: Record<string, unknown>) =>
      browser.post(PATHS.socialStart, {
        provider: 'google',
        projectId: TEST_PROJECT,
        modalOrigin: MODAL_ORIGIN,
        ...body,
      })
    server.expectError(await start({ provider: 'farcaster' }), 400, 'INVALID_INPUT')
    server.expectError(await start({ projectId: 'nope' }), 403, 'INVALID_PROJECT_ID')
    server.expectError(
      await start({ modalOrigin: 'https://evil.example' }),
      403,
      'SOCIAL_MODAL_ORIGIN_REFUSED',
    )
    server.expectError(
      await browser.post(
        PATHS.socialStart,
        { provider: 'google', projectId: TEST_PROJECT, modalOrigin: MODAL_ORIGIN },
        { origin: MODAL_ORIGIN },
      ),
      403,
      'CROSS_ORIGIN_REFUSED',
    )
    const started = await start({})
    const authorization = new URL(started.body.uri)
    expect(Object.fromEntries(authorization.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: 'walletframe-google',
      redirect_uri: server.config.social.redirectUri,
      scope: 'openid email profile',
      code_challenge_method: 'S256',
    })
    expect(authorization.searchParams.get('nonce')).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const github = new URL((await start({ provider: 'github' })).body.uri)
    expect(github.searchParams.has('nonce')).toBe(false) // not an OpenID provider
    const state = authorization.searchParams.get('state')
    for (const uri of [
      'not a url',
      `https://evil.example/oauth/callback?code=a&state=${state}`,
      `${server.config.origin}/elsewhere?code=a&state=${state}`,
    ]) {
      server.expectError(await browser.post(PATHS.socialConnect, { uri }), 400, 'SOCIAL_ANSWER_INVALID')
    }
    // No code at all, or a code for another issuer (RFC 9207 iss): refused, and the attempt is spent.
    server.expectError(
      await browser.post(PATHS.socialConnect, { uri: `${server.config.social.redirectUri}?state=${state}` }),
      400,
      'SOCIAL_ANSWER_INVALID',
    )
    const other = new URL((await start({})).body.uri).searchParams.get('state')
    server.expectError(
      await browser.post(PATHS.socialConnect, {
        uri: `${server.config.social.redirectUri}?code=a&state=${other}&iss=https%3A%2F%2Fevil.example`,
      }),
      400,
      'SOCIAL_ANSWER_INVALID',
    )
  })
})

describe.each(TEST_BACKENDS.slice(0, 1))('social login limits on $name', (backend) => {
  const dev = useDevOidc()
  const server = useKeyServer(backend, {
    social: dev.social,
    rateLimits: { perIp: { capacity: 3, refillPerMinute: 1 }, perEmail: { capacity: 6, refillPerMinute: 1 } },
  })

  it('answers SOCIAL_PROVIDER_OFF for a provider that is not configured', async () => {
    const saved = dev.social.providers.x
    delete dev.social.providers.x
    try {
      const browser = server.browser()
      const body = { provider: 'x', projectId: TEST_PROJECT, modalOrigin: MODAL_ORIGIN }
      server.expectError(await browser.post(PATHS.socialStart, body), 404, 'SOCIAL_PROVIDER_OFF')
    } finally {
      if (saved) dev.social.providers.x = saved
    }
  })

  it('rate-limits the social routes and the callback page per IP like the other auth routes', async () => {
    const browser = server.browser()
    const body = { provider: 'google', projectId: TEST_PROJECT, modalOrigin: MODAL_ORIGIN }
    for (let i = 0; i < 3; i++) expect((await browser.post(PATHS.socialStart, body)).status).not.toBe(429)
    server.expectError(await browser.post(PATHS.socialStart, body), 429, 'RATE_LIMITED')
    server.expectError(await browser.post(PATHS.socialConnect, { uri: 'x' }), 429, 'RATE_LIMITED')
    expect((await browser.request(`${PATHS.socialCallback}?state=x`)).status).toBe(429)
  })
})

describe.each(TEST_BACKENDS.slice(0, 1))('ID-token checks on $name', (backend) => {
  const dev = useDevOidc()
  const server = useKeyServer(backend, { social: dev.social })
  /** The key the test JWKS serves, and another one under the same key id. */
  const keys = Promise.all([generateKeyPair('RS256', { extractable: true }), generateKeyPair('RS256')])
  let forge: ((claims: JWTPayload) => Promise<string>) | undefined

  beforeAll(async () => {
    const [served] = await keys
    const jwk = { ...(await exportJWK(served.publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' }
    dev.intercept = async (url, init) => {
      const { issuer } = dev.oidc
      // The provider's key set is replaced by the test's: its tokens are re-signed below.
      if (url === `${issuer}/jwks`) return Response.json({ keys: [jwk] })
      const response = await fetch(url, init)
      if (url !== `${issuer}/token` || !forge) return response
      const body = (await response.json()) as { id_token: string }
      return Response.json({ ...body, id_token: await forge(decodeJwt(body.id_token)) })
    }
  })

  const sign = async (claims: JWTPayload, key: 'served' | 'other' = 'served') => {
    const [served, other] = await keys
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
      .sign(key === 'served' ? served.privateKey : other.privateKey)
  }

  /** A real login at the dev provider whose ID token `change` rewrites before the key server sees it. */
  async function loginWith(change: (claims: JWTPayload) => Promise<string>) {
    server.now = Date.now()
    forge = change
    try {
      return (await socialLogin(server.browser(), 'google', freshName())).connect
    } finally {
      forge = undefined
    }
  }

  it('accepts the real claims signed by a key of the served set (the control)', async () => {
    expect((await loginWith((claims) => sign(claims))).body).toMatchObject({
      action: 'CONNECT',
      isNewUser: true,
    })
  })

  it('refuses a bad signature, another audience or issuer, an expired token and another nonce', async () => {
    const refusals: [string, (claims: JWTPayload) => Promise<string>, string][] = [
      ['bad signature', (claims) => sign(claims, 'other'), 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED'],
      ['wrong audience', (claims) => sign({ ...claims, aud: 'another-client' }), '"aud"'],
      ['wrong issuer', (claims) => sign({ ...claims, iss: 'https://evil.example' }), '"iss"'],
      [
        'expired',
        (claims) =>
          sign({
            ...claims,
            iat: Math.floor(Date.now() / 1000) - 7_200,
            exp: Math.floor(Date.now() / 1000) - 3_600,
          }),
        'ERR_JWT_EXPIRED',
      ],
      ['another nonce', (claims) => sign({ ...claims, nonce: 'replayed' }), 'nonce'],
      ['no subject', ({ sub: _sub, ...claims }) => sign(claims), '"sub"'],
    ]
    for (const [what, change, reason] of refusals) {
      const refused = await loginWith(change)
      server.expectError(refused, 401, 'SOCIAL_ID_TOKEN_INVALID')
      expect(refused.body.message, what).toContain(reason)
      expect(
        refused.headers.getSetCookie().some((line) => line.startsWith('wf_session=')),
        what,
      ).toBe(false)
    }
  })
})
