/**
 * Social login as the tests drive it: the real dev OIDC provider (apps/dev-oidc) on a free port,
 * the key server's six providers pointed at it as in dev, and a login that plays the browser's part:
 * "get social redirect uri", the provider's login page, the popup's final URL, "connect social".
 */
import { type RunningDevOidc, startDevOidc } from '@walletframe/dev-oidc'
import { type ProviderAnswer, signInAtDevProvider } from '@walletframe/dev-oidc/test-client'
import {
  KEY_SERVER_PATHS,
  SOCIAL_LOGIN_PROVIDERS,
  type SocialLoginProvider,
  SocialStartResponseSchema,
} from '@walletframe/protocol'
import { resolveStackConfig } from '@walletframe/stack'
import { afterAll, beforeAll, expect } from 'vitest'
import { devOidcClients, devProvider, type SocialConfig } from '../social/config.ts'
import { KEY_ORIGIN, TEST_PROJECT, type TestBrowser, type TestResponse } from './key-server.ts'

export const MODAL_ORIGIN = resolveStackConfig({}).modal.origin

export interface DevOidcForTests {
  /** Pass as `useKeyServer(backend, { social })`; filled once the provider listens. */
  social: SocialConfig
  readonly oidc: RunningDevOidc
  /** Replaces the key server's fetch to the providers (undefined: the real one). */
  intercept: ((input: string, init: RequestInit | undefined) => Promise<Response>) | undefined
}

/** Starts the dev provider before the suite (call it before useKeyServer) and stops it after. */
export function useDevOidc(): DevOidcForTests {
  let running: RunningDevOidc | undefined
  const redirectUri = `${KEY_ORIGIN}${KEY_SERVER_PATHS.socialCallback}`
  const pending = resolveStackConfig({ WF_OIDC_ISSUER: 'http://127.0.0.1:1' })
  const social: SocialConfig = {
    providers: Object.fromEntries(SOCIAL_LOGIN_PROVIDERS.map((p) => [p, devProvider(p, pending)])),
    redirectUri,
    dev: [...SOCIAL_LOGIN_PROVIDERS],
    fetch: (input, init) => {
      const url = input instanceof Request ? input.url : String(input)
      return state.intercept ? state.intercept(url, init) : fetch(input, init)
    },
  }
  const state: DevOidcForTests = {
    social,
    get oidc() {
      return running ?? expect.fail('the dev OIDC provider is not running')
    },
    intercept: undefined,
  }
  beforeAll(async () => {
    running = await startDevOidc({ host: '127.0.0.1', port: 0, clients: devOidcClients(social) })
    const stack = resolveStackConfig({ WF_OIDC_ISSUER: running.issuer })
    for (const provider of SOCIAL_LOGIN_PROVIDERS) social.providers[provider] = devProvider(provider, stack)
  })
  afterAll(() => running?.close())
  return state
}

export interface SocialLogin {
  /** The popup's final URL, as the callback page posts it to the modal. */
  uri: string
  state: string
  connect: TestResponse
}

/** The provider's answer as the popup ends on the callback page (Apple's form post turned into its GET). */
export async function callbackUri(browser: TestBrowser, answer: ProviderAnswer): Promise<string> {
  if (answer.kind === 'redirect') return answer.url
  const posted = await browser.request(new URL(answer.action).pathname, {
    body: new URLSearchParams(answer.fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    origin: new URL(answer.action).origin,
  })
  expect(posted.status).toBe(303)
  return posted.headers.get('location') ?? expect.fail('no redirect from the form post')
}

/** Starts an attempt on the key server; returns the provider's authorization URL. */
export async function startSocial(browser: TestBrowser, provider: SocialLoginProvider): Promise<string> {
  const started = await browser.post(KEY_SERVER_PATHS.socialStart, {
    provider,
    projectId: TEST_PROJECT,
    modalOrigin: MODAL_ORIGIN,
  })
  expect(started.status, JSON.stringify(started.body)).toBe(200)
  return SocialStartResponseSchema.parse(started.body).uri
}

/** Signs in at the provider as `username` and ends on the callback page, without connecting. */
export async function socialAnswer(
  browser: TestBrowser,
  provider: SocialLoginProvider,
  username: string | null,
): Promise<{ uri: string; state: string }> {
  const uri = await callbackUri(
    browser,
    await signInAtDevProvider(await startSocial(browser, provider), username),
  )
  return { uri, state: new URL(uri).searchParams.get('state') ?? '' }
}

/** The whole social login of `username` at `provider` in `browser`. */
export async function socialLogin(
  browser: TestBrowser,
  provider: SocialLoginProvider,
  username: string,
): Promise<SocialLogin> {
  const answer = await socialAnswer(browser, provider, username)
  return { ...answer, connect: await browser.post(KEY_SERVER_PATHS.socialConnect, { uri: answer.uri }) }
}
