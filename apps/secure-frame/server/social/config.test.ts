import { SOCIAL_LOGIN_PROVIDERS } from '@walletframe/protocol'
import { DEV_OIDC_PATHS, resolveStackConfig } from '@walletframe/stack'
import { describe, expect, it } from 'vitest'
import { resolveKeyServerConfig } from '../config.ts'
import { devOidcClients, PRODUCTION_DEFAULTS, resolveSocialConfig } from './config.ts'

const stack = resolveStackConfig({})
const resolve = (env: Record<string, string>, production = false) =>
  resolveSocialConfig(env, { origin: 'https://key.example', stack, production })

describe('social-login configuration', () => {
  it('points all six providers at the dev OIDC provider by default: google and apple by discovery', () => {
    const { social } = resolveKeyServerConfig({})
    expect(social.redirectUri).toBe('http://localhost:5177/oauth/callback')
    expect(social.dev).toEqual([...SOCIAL_LOGIN_PROVIDERS])
    expect(social.providers.google).toMatchObject({
      kind: 'oidc',
      issuer: 'http://127.0.0.1:5180',
      clientId: 'walletframe-google',
    })
    expect(social.providers.apple).toMatchObject({ kind: 'oidc', responseMode: 'form_post' })
    expect(social.providers.github).toMatchObject({
      kind: 'oauth2',
      authorizationUrl: `http://127.0.0.1:5180${DEV_OIDC_PATHS.authorization}`,
      tokenUrl: `http://127.0.0.1:5180${DEV_OIDC_PATHS.token}`,
      userinfoUrl: `http://127.0.0.1:5180${DEV_OIDC_PATHS.githubUser}`,
      emailsUrl: `http://127.0.0.1:5180${DEV_OIDC_PATHS.githubEmails}`,
    })
    expect(devOidcClients(social)).toHaveLength(6)
    expect(devOidcClients(social)[0]).toEqual({
      provider: 'google',
      clientId: 'walletframe-google',
      clientSecret: 'walletframe-dev-secret-google',
      redirectUris: ['http://localhost:5177/oauth/callback'],
      tokenEndpointAuthMethod: 'client_secret_basic',
    })
    expect(resolveKeyServerConfig({ WF_OIDC_PORT: '6180' }).social.providers.x).toMatchObject({
      userinfoUrl: `http://127.0.0.1:6180${DEV_OIDC_PATHS.xMe}`,
    })
  })

  it('turns on only the configured providers in production, with the real endpoints', () => {
    const social = resolve(
      {
        WF_SOCIAL_GOOGLE_CLIENT_ID: 'g-id',
        WF_SOCIAL_GOOGLE_CLIENT_SECRET: 'g-secret',
        WF_SOCIAL_GITHUB_CLIENT_ID: 'gh-id',
        WF_SOCIAL_GITHUB_CLIENT_SECRET: 'gh-secret',
        WF_SOCIAL_GITHUB_SCOPES: 'read:user, user:email',
      },
      true,
    )
    expect(Object.keys(social.providers)).toEqual(['google', 'github'])
    expect(social.dev).toEqual([])
    expect(social.redirectUri).toBe('https://key.example/oauth/callback')
    expect(social.providers.google).toEqual({
      ...PRODUCTION_DEFAULTS.google,
      provider: 'google',
      clientId: 'g-id',
      clientSecret: 'g-secret',
    })
    expect(social.providers.github).toMatchObject({
      tokenUrl: 'https://github.com/login/oauth/access_token',
      scopes: ['read:user', 'user:email'],
    })
    expect(devOidcClients(social)).toEqual([])
  })

  it('keeps the other providers on the dev provider outside production', () => {
    const social = resolve({ WF_SOCIAL_X_CLIENT_ID: 'x-id', WF_SOCIAL_X_CLIENT_SECRET: 'x-secret' })
    expect(social.providers.x).toMatchObject({
      clientId: 'x-id',
      tokenUrl: 'https://api.x.com/2/oauth2/token',
    })
    expect(social.dev).toEqual(SOCIAL_LOGIN_PROVIDERS.filter((provider) => provider !== 'x'))
  })

  it('stops the start with an error naming the variable', () => {
    const cases: [Record<string, string>, string][] = [
      [{ WF_SOCIAL_GOOGLE_CLIENT_ID: 'g-id' }, 'WF_SOCIAL_GOOGLE_CLIENT_SECRET is required'],
      [{ WF_SOCIAL_APPLE_CLIENT_SECRET: 's' }, 'WF_SOCIAL_APPLE_CLIENT_ID is required'],
      [
        { WF_SOCIAL_GOOGLE_TOKEN_URL: 'https://t.example' },
        'WF_SOCIAL_GOOGLE_TOKEN_URL: not a social-login variable',
      ],
      [{ WF_SOCIAL_GITLAB_CLIENT_ID: 'x' }, 'WF_SOCIAL_GITLAB_CLIENT_ID: not a social-login variable'],
      [
        {
          WF_SOCIAL_DISCORD_CLIENT_ID: 'd',
          WF_SOCIAL_DISCORD_CLIENT_SECRET: 's',
          WF_SOCIAL_DISCORD_TOKEN_URL: 'nope',
        },
        'WF_SOCIAL_DISCORD_TOKEN_URL: "nope" is not a URL',
      ],
      [
        {
          WF_SOCIAL_GOOGLE_CLIENT_ID: 'g',
          WF_SOCIAL_GOOGLE_CLIENT_SECRET: 's',
          WF_SOCIAL_GOOGLE_SCOPES: 'email',
        },
        'WF_SOCIAL_GOOGLE_SCOPES must include openid',
      ],
    ]
    for (const [env, message] of cases) expect(() => resolve(env), message).toThrow(message)
    const plainHttp = {
      WF_SOCIAL_GOOGLE_CLIENT_ID: 'g',
      WF_SOCIAL_GOOGLE_CLIENT_SECRET: 's',
      WF_SOCIAL_GOOGLE_ISSUER: 'http://idp.example',
    }
    expect(() => resolve(plainHttp, true)).toThrow(
      'WF_SOCIAL_GOOGLE_ISSUER: "http://idp.example" must be an https URL',
    )
    expect(
      resolve({ ...plainHttp, WF_SOCIAL_GOOGLE_ISSUER: 'http://127.0.0.1:5180' }, true).providers.google,
    ).toMatchObject({
      issuer: 'http://127.0.0.1:5180',
    })
    // Through the key server's own configuration too: a start-up error, not a runtime 500.
    expect(() => resolveKeyServerConfig({ WF_SOCIAL_FACEBOOK_CLIENT_ID: 'f' })).toThrow(
      'WF_SOCIAL_FACEBOOK_CLIENT_SECRET is required',
    )
  })
})
