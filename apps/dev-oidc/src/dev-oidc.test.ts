import { createHash, randomBytes } from 'node:crypto'
import { DEV_OIDC_PATHS } from '@walletframe/stack'
import { createRemoteJWKSet, jwtVerify } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listedAccounts } from './accounts.ts'
import { loginPage } from './login-page.ts'
import { type RunningDevOidc, startDevOidc } from './server.ts'
import { signInAtDevProvider } from './test-client.ts'

const REDIRECT = 'http://localhost:5177/oauth/callback'
const google = { clientId: 'wf-google', clientSecret: 'google-secret' }
const github = { clientId: 'wf-github', clientSecret: 'github-secret' }

let oidc: RunningDevOidc
beforeAll(async () => {
  oidc = await startDevOidc({
    host: '127.0.0.1',
    port: 0,
    clients: [
      {
        provider: 'google',
        ...google,
        redirectUris: [REDIRECT],
        tokenEndpointAuthMethod: 'client_secret_basic',
      },
      {
        provider: 'github',
        ...github,
        redirectUris: [REDIRECT],
        tokenEndpointAuthMethod: 'client_secret_post',
      },
    ],
  })
})
afterAll(() => oidc?.close())

const pkce = () => {
  const verifier = randomBytes(32).toString('base64url')
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') }
}

function authorizationUrl(clientId: string, scope: string, extra: Record<string, string> = {}) {
  const url = new URL(`${oidc.issuer}${DEV_OIDC_PATHS.authorization}`)
  url.search = new URLSearchParams({
    client_id: clientId,
    response_type: 'code',
    redirect_uri: REDIRECT,
    scope,
    state: 'state-1',
    ...extra,
  }).toString()
  return url.toString()
}

async function token(body: Record<string, string>, auth?: string) {
  const response = await fetch(`${oidc.issuer}${DEV_OIDC_PATHS.token}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(auth ? { authorization: `Basic ${Buffer.from(auth).toString('base64')}` } : {}),
    },
    body: new URLSearchParams(body).toString(),
  })
  return { status: response.status, body: (await response.json()) as Record<string, string> }
}

describe('dev OIDC provider', () => {
  it('publishes discovery with PKCE S256 and the JWKS', async () => {
    const discovery = (await (
      await fetch(`${oidc.issuer}/.well-known/openid-configuration`)
    ).json()) as Record<string, unknown>
    expect(discovery.issuer).toBe(oidc.issuer)
    expect(discovery.code_challenge_methods_supported).toEqual(['S256'])
    const jwks = (await (await fetch(String(discovery.jwks_uri))).json()) as {
      keys: { kty: string; d?: string }[]
    }
    expect(jwks.keys.length).toBeGreaterThan(0)
    expect(jwks.keys.every((key) => key.d === undefined)).toBe(true)
  })

  it('signs in a listed user with PKCE and issues an ID token for the client', async () => {
    const { verifier, challenge } = pkce()
    const url = authorizationUrl(google.clientId, 'openid email profile', {
      code_challenge: challenge,
      code_challenge_method: 'S256',
      nonce: 'nonce-1',
    })
    const answer = await signInAtDevProvider(url, 'alice')
    if (answer.kind !== 'redirect') throw new Error('expected a redirect')
    const back = new URL(answer.url)
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT)
    expect(back.searchParams.get('state')).toBe('state-1')
    const code = back.searchParams.get('code') ?? ''
    const grant = { grant_type: 'authorization_code', code, redirect_uri: REDIRECT }
    const auth = `${google.clientId}:${google.clientSecret}`
    // The code is bound to the challenge: another verifier is refused (and spends the code).
    expect((await token({ ...grant, code_verifier: pkce().verifier }, auth)).body.error).toBe('invalid_grant')
    const again = await signInAtDevProvider(url, 'alice')
    if (again.kind !== 'redirect') throw new Error('expected a redirect')
    const secondCode = new URL(again.url).searchParams.get('code') ?? ''
    const issued = await token({ ...grant, code: secondCode, code_verifier: verifier }, auth)
    expect(issued.status).toBe(200)
    const jwks = createRemoteJWKSet(new URL(`${oidc.issuer}/jwks`))
    const { payload } = await jwtVerify(issued.body.id_token ?? '', jwks, {
      issuer: oidc.issuer,
      audience: google.clientId,
    })
    const alice = listedAccounts('google')[0]
    expect(payload).toMatchObject({
      sub: alice?.id,
      email: alice?.email,
      email_verified: true,
      nonce: 'nonce-1',
    })
  })

  it('requires PKCE', async () => {
    const answer = await signInAtDevProvider(authorizationUrl(google.clientId, 'openid'), 'alice').catch(
      (error: Error) => error,
    )
    const text = answer instanceof Error ? answer.message : JSON.stringify(answer)
    expect(text).toMatch(/code_challenge|PKCE/i)
  })

  it('answers GitHub-shaped user endpoints for a GitHub token, with a stable subject per name', async () => {
    const { verifier, challenge } = pkce()
    const url = authorizationUrl(github.clientId, 'read:user user:email', {
      code_challenge: challenge,
      code_challenge_method: 'S256',
    })
    const answer = await signInAtDevProvider(url, 'carol')
    if (answer.kind !== 'redirect') throw new Error('expected a redirect')
    const code = new URL(answer.url).searchParams.get('code') ?? ''
    const issued = await token({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      code_verifier: verifier,
      client_id: github.clientId,
      client_secret: github.clientSecret,
    })
    expect(issued.body.id_token).toBeUndefined()
    const get = (path: string) =>
      fetch(`${oidc.issuer}${path}`, { headers: { authorization: `Bearer ${issued.body.access_token}` } })
    const user = (await (await get(DEV_OIDC_PATHS.githubUser)).json()) as { id: number; login: string }
    expect(user.login).toBe('carol')
    expect(typeof user.id).toBe('number')
    expect(await (await get(DEV_OIDC_PATHS.githubEmails)).json()).toEqual([
      { email: 'carol@example.com', primary: true, verified: true, visibility: null },
    ])
    // A GitHub token is no Discord token.
    expect((await get(DEV_OIDC_PATHS.discordMe)).status).toBe(401)
  })

  it('answers access_denied when the user cancels', async () => {
    const { challenge } = pkce()
    const url = authorizationUrl(google.clientId, 'openid', {
      code_challenge: challenge,
      code_challenge_method: 'S256',
    })
    const answer = await signInAtDevProvider(url, null)
    if (answer.kind !== 'redirect') throw new Error('expected a redirect')
    expect(new URL(answer.url).searchParams.get('error')).toBe('access_denied')
  })

  it('renders a login page of labelled buttons and a named field', () => {
    const html = loginPage({
      uid: 'abc',
      providerLabel: 'GitHub',
      clientName: 'WalletFrame',
      accounts: listedAccounts('github'),
    })
    expect(html).toContain('>Sign in as Alice</button>')
    expect(html).toContain('<label for="username">User name</label>')
    expect(html).toContain('>Cancel</button>')
    expect(html).not.toContain('<script')
  })
})
