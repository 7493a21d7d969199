/**
 * The key server as an OAuth 2 / OpenID Connect client (docs/social-login.md): OpenID discovery,
 * the authorization URL (code flow, PKCE S256, state, and nonce for OpenID providers), the code
 * exchange, and ID-token validation with `jose` (signature by the issuer's JWKS, iss, aud, exp,
 * nonce). Discovery documents and key sets are cached per issuer.
 */
import { createHash, randomBytes } from 'node:crypto'
import { KEY_SERVER_ERRORS, TIME } from '@walletframe/protocol'
import { createRemoteJWKSet, customFetch, type JWTPayload, errors as joseErrors, jwtVerify } from 'jose'
import { KeyServerError } from '../errors.ts'
import type { OidcProviderConfig, SocialProviderConfig } from './config.ts'

export type Fetch = typeof fetch

interface Discovery {
  issuer: string
  authorizationUrl: string
  tokenUrl: string
  jwks: ReturnType<typeof createRemoteJWKSet>
  algorithms: string[]
  fetchedAt: number
}

/** A discovery document is fetched again after this long (providers rotate keys, not endpoints). */
const DISCOVERY_TTL_MS = 3_600_000

export interface TokenAnswer {
  accessToken: string
  idToken?: string | undefined
}

export interface OAuthClient {
  /** The URL of the provider's login for this attempt. */
  authorizationUrl(
    config: SocialProviderConfig,
    attempt: { state: string; verifier: string; nonce?: string | undefined; redirectUri: string },
  ): Promise<string>
  /** Exchanges the code with the attempt's PKCE verifier; SOCIAL_CODE_REFUSED when the provider says no. */
  exchangeCode(
    config: SocialProviderConfig,
    grant: { code: string; verifier: string; redirectUri: string },
  ): Promise<TokenAnswer>
  /** Validates an ID token of an OpenID provider; SOCIAL_ID_TOKEN_INVALID naming what failed. */
  verifyIdToken(config: OidcProviderConfig, idToken: string, nonce: string): Promise<JWTPayload>
  /** GET a JSON resource with the access token (a provider's user API). */
  getJson(url: string, accessToken: string): Promise<unknown>
}

/** PKCE (RFC 7636): 32 random bytes as the verifier, its SHA-256 as the S256 challenge. */
export const newVerifier = () => randomBytes(32).toString('base64url')
export const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url')

const USER_AGENT = 'WalletFrame key server'

const unavailable = (what: string, cause?: unknown) =>
  new KeyServerError('socialProviderUnavailable', {
    message: `${KEY_SERVER_ERRORS.socialProviderUnavailable.message} (${what})`,
    cause,
  })

export function createOAuthClient(options: { fetch?: Fetch | undefined; now: () => number }): OAuthClient {
  const fetchImpl: Fetch = options.fetch ?? ((input, init) => fetch(input, init))
  const discoveries = new Map<string, Promise<Discovery>>()

  /** Any call to a provider: bounded by the HTTP timeout; network failures are SOCIAL_PROVIDER_UNAVAILABLE. */
  async function call(
    url: string,
    init: RequestInit,
    what: string,
  ): Promise<{ status: number; body: unknown }> {
    let response: Response
    try {
      response = await fetchImpl(url, {
        ...init,
        redirect: 'error',
        signal: AbortSignal.timeout(TIME.httpTimeoutMs),
        headers: { accept: 'application/json', 'user-agent': USER_AGENT, ...init.headers },
      })
    } catch (error) {
      throw unavailable(`${what}: ${(error as Error).message}`, error)
    }
    const text = await response.text()
    try {
      return { status: response.status, body: JSON.parse(text) as unknown }
    } catch (error) {
      throw unavailable(`${what} answered ${response.status} without JSON`, error)
    }
  }

  async function discover(issuer: string): Promise<Discovery> {
    const { status, body } = await call(`${issuer}/.well-known/openid-configuration`, {}, 'discovery')
    const document = (body ?? {}) as Record<string, unknown>
    if (status !== 200) throw unavailable(`discovery answered ${status}`)
    // OpenID Connect Discovery §4.3: the document must name the issuer it was fetched for.
    if (document.issuer !== issuer) throw unavailable(`discovery names issuer ${String(document.issuer)}`)
    const endpoints = ['authorization_endpoint', 'token_endpoint', 'jwks_uri'] as const
    for (const name of endpoints) {
      if (typeof document[name] !== 'string') throw unavailable(`discovery has no ${name}`)
    }
    const algorithms = Array.isArray(document.id_token_signing_alg_values_supported)
      ? document.id_token_signing_alg_values_supported.filter(
          (alg): alg is string => typeof alg === 'string' && alg !== 'none' && !alg.startsWith('HS'),
        )
      : ['RS256']
    return {
      issuer,
      authorizationUrl: String(document.authorization_endpoint),
      tokenUrl: String(document.token_endpoint),
      jwks: createRemoteJWKSet(new URL(String(document.jwks_uri)), {
        timeoutDuration: TIME.httpTimeoutMs,
        [customFetch]: (url, init) => fetchImpl(url, init),
      }),
      algorithms,
      fetchedAt: options.now(),
    }
  }

  async function discovery(config: OidcProviderConfig): Promise<Discovery> {
    const cached = discoveries.get(config.issuer)
    if (cached) {
      const known = await cached.catch(() => undefined)
      if (known && options.now() - known.fetchedAt < DISCOVERY_TTL_MS) return known
    }
    const fresh = discover(config.issuer)
    discoveries.set(config.issuer, fresh)
    // A failed discovery is tried again at the next login.
    fresh.catch(() => discoveries.delete(config.issuer))
    return fresh
  }

  const endpoints = async (config: SocialProviderConfig) =>
    config.kind === 'oidc'
      ? discovery(config)
      : { authorizationUrl: config.authorizationUrl, tokenUrl: config.tokenUrl }

  return {
    async authorizationUrl(config, attempt) {
      const url = new URL((await endpoints(config)).authorizationUrl)
      const params = {
        response_type: 'code',
        client_id: config.clientId,
        redirect_uri: attempt.redirectUri,
        scope: config.scopes.join(' '),
        state: attempt.state,
        code_challenge: s256(attempt.verifier),
        code_challenge_method: 'S256',
        ...(config.responseMode === 'form_post' ? { response_mode: 'form_post' } : {}),
        ...(attempt.nonce ? { nonce: attempt.nonce } : {}),
      }
      for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value)
      return url.toString()
    },

    async exchangeCode(config, grant) {
      const form = new URLSearchParams({
        grant_type: 'authorization_code',
        code: grant.code,
        redirect_uri: grant.redirectUri,
        code_verifier: grant.verifier,
      })
      const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' }
      if (config.tokenEndpointAuth === 'client_secret_basic') {
        // RFC 6749 §2.3.1: both parts form-urlencoded before base64.
        const pair = `${encodeURIComponent(config.clientId)}:${encodeURIComponent(config.clientSecret)}`
        headers.authorization = `Basic ${Buffer.from(pair).toString('base64')}`
      } else {
        form.set('client_id', config.clientId)
        form.set('client_secret', config.clientSecret)
      }
      const { tokenUrl } = await endpoints(config)
      const { status, body } = await call(
        tokenUrl,
        { method: 'POST', headers, body: form.toString() },
        'token endpoint',
      )
      const answer = (body ?? {}) as Record<string, unknown>
      // GitHub answers errors with 200 and an `error` field.
      if (typeof answer.error === 'string') {
        if (status >= 500) throw unavailable(`token endpoint answered ${status}`)
        const said = typeof answer.error_description === 'string' ? answer.error_description : answer.error
        throw new KeyServerError('socialCodeRefused', {
          message: `${KEY_SERVER_ERRORS.socialCodeRefused.message} (${said})`,
        })
      }
      if (status !== 200 || typeof answer.access_token !== 'string') {
        throw unavailable(`token endpoint answered ${status} without an access token`)
      }
      return {
        accessToken: answer.access_token,
        ...(typeof answer.id_token === 'string' ? { idToken: answer.id_token } : {}),
      }
    },

    async verifyIdToken(config, idToken, nonce) {
      const found = await discovery(config)
      let payload: JWTPayload
      try {
        ;({ payload } = await jwtVerify(idToken, found.jwks, {
          issuer: found.issuer,
          audience: config.clientId,
          algorithms: found.algorithms,
          requiredClaims: ['sub', 'exp', 'iat'],
          currentDate: new Date(options.now()),
          clockTolerance: 60,
        }))
      } catch (error) {
        const code = (error as { code?: unknown }).code
        if (
          !(error instanceof joseErrors.JOSEError) ||
          code === 'ERR_JWKS_TIMEOUT' ||
          code === 'ERR_JOSE_GENERIC'
        ) {
          throw unavailable(`key set: ${(error as Error).message}`, error)
        }
        throw invalidIdToken(`${code}: ${error.message}`)
      }
      // OpenID Connect Core §3.1.3.7: several audiences need this client as the authorized party.
      if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== config.clientId) {
        throw invalidIdToken('azp is not this client')
      }
      if (payload.nonce !== nonce) throw invalidIdToken('nonce does not match the attempt')
      return payload
    },

    async getJson(url, accessToken) {
      const { status, body } = await call(
        url,
        { headers: { authorization: `Bearer ${accessToken}` } },
        'user API',
      )
      if (status !== 200) throw unavailable(`user API answered ${status}`)
      return body
    },
  }
}

const invalidIdToken = (why: string) =>
  new KeyServerError('socialIdTokenInvalid', {
    message: `${KEY_SERVER_ERRORS.socialIdTokenInvalid.message} (${why})`,
  })
