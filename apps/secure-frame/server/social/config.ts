/**
 * The social-login providers of the key server, from the environment (docs/social-login.md).
 * Per provider `WF_SOCIAL_{P}_CLIENT_ID` turns it on with the real provider's endpoints, which the
 * other `WF_SOCIAL_{P}_*` variables may override; a configured provider without its client secret,
 * an unknown variable, or a bad URL stops the start with an error naming the variable. Outside
 * production a provider without variables points at the dev OIDC provider (apps/dev-oidc).
 */
import { KEY_SERVER_PATHS, SOCIAL_LOGIN_PROVIDERS, type SocialLoginProvider } from '@walletframe/protocol'
import { DEV_OIDC_PATHS, devOidcClient, type StackConfig } from '@walletframe/stack'

type Env = Record<string, string | undefined>

export type TokenEndpointAuth = 'client_secret_basic' | 'client_secret_post'

interface ProviderBase {
  provider: SocialLoginProvider
  clientId: string
  clientSecret: string
  scopes: string[]
  /** How the provider sends the browser back: a query (GET) or an auto-posted form (Apple). */
  responseMode: 'query' | 'form_post'
  tokenEndpointAuth: TokenEndpointAuth
}

/** An OpenID provider: endpoints from discovery, identity from the ID token. */
export interface OidcProviderConfig extends ProviderBase {
  kind: 'oidc'
  issuer: string
}

/** An OAuth 2 provider: explicit endpoints, identity from its user API. */
export interface OAuthProviderConfig extends ProviderBase {
  kind: 'oauth2'
  authorizationUrl: string
  tokenUrl: string
  userinfoUrl: string
  /** GitHub: the list of the user's addresses with their verified flag. */
  emailsUrl?: string | undefined
}

export type SocialProviderConfig = OidcProviderConfig | OAuthProviderConfig

export interface SocialConfig {
  /** The configured providers; a provider not here is off. */
  providers: Partial<Record<SocialLoginProvider, SocialProviderConfig>>
  /** `{key origin}/oauth/callback`: the redirect URI to register at every provider. */
  redirectUri: string
  /** Providers pointed at the dev OIDC provider (no variables set, not production). */
  dev: SocialLoginProvider[]
  /** How the key server reaches the providers; the global fetch unless a test wraps it. */
  fetch?: typeof fetch | undefined
  /** How long one collect of a cut-off window's answer waits (SOCIAL_LOGIN_LIMITS; tests shorten it). */
  answerWaitMs?: number | undefined
}

type Defaults =
  | Omit<OidcProviderConfig, 'provider' | 'clientId' | 'clientSecret'>
  | Omit<OAuthProviderConfig, 'provider' | 'clientId' | 'clientSecret'>

/** The real providers' endpoints and scopes (each provider's developer documentation). */
export const PRODUCTION_DEFAULTS: Record<SocialLoginProvider, Defaults> = {
  google: {
    kind: 'oidc',
    issuer: 'https://accounts.google.com',
    scopes: ['openid', 'email', 'profile'],
    responseMode: 'query',
    tokenEndpointAuth: 'client_secret_basic',
  },
  apple: {
    kind: 'oidc',
    issuer: 'https://appleid.apple.com',
    scopes: ['openid', 'email', 'name'],
    // Apple posts the answer when email or name is asked for.
    responseMode: 'form_post',
    tokenEndpointAuth: 'client_secret_post',
  },
  github: {
    kind: 'oauth2',
    authorizationUrl: 'https://github.com/login/oauth/authorize',
    tokenUrl: 'https://github.com/login/oauth/access_token',
    userinfoUrl: 'https://api.github.com/user',
    emailsUrl: 'https://api.github.com/user/emails',
    scopes: ['read:user', 'user:email'],
    responseMode: 'query',
    tokenEndpointAuth: 'client_secret_post',
  },
  x: {
    kind: 'oauth2',
    authorizationUrl: 'https://x.com/i/oauth2/authorize',
    tokenUrl: 'https://api.x.com/2/oauth2/token',
    userinfoUrl: 'https://api.x.com/2/users/me',
    scopes: ['users.read', 'tweet.read', 'users.email'],
    responseMode: 'query',
    tokenEndpointAuth: 'client_secret_basic',
  },
  discord: {
    kind: 'oauth2',
    authorizationUrl: 'https://discord.com/oauth2/authorize',
    tokenUrl: 'https://discord.com/api/oauth2/token',
    userinfoUrl: 'https://discord.com/api/users/@me',
    scopes: ['identify', 'email'],
    responseMode: 'query',
    tokenEndpointAuth: 'client_secret_post',
  },
  facebook: {
    kind: 'oauth2',
    authorizationUrl: 'https://www.facebook.com/v23.0/dialog/oauth',
    tokenUrl: 'https://graph.facebook.com/v23.0/oauth/access_token',
    userinfoUrl: 'https://graph.facebook.com/v23.0/me',
    scopes: ['public_profile', 'email'],
    responseMode: 'query',
    tokenEndpointAuth: 'client_secret_post',
  },
}

/** The variables of one provider, after `WF_SOCIAL_{P}_`. */
const OIDC_VARIABLES = ['CLIENT_ID', 'CLIENT_SECRET', 'SCOPES', 'ISSUER'] as const
const OAUTH_VARIABLES = [
  'CLIENT_ID',
  'CLIENT_SECRET',
  'SCOPES',
  'AUTHORIZATION_URL',
  'TOKEN_URL',
  'USERINFO_URL',
] as const

export const socialVariable = (provider: SocialLoginProvider, name: string) =>
  `WF_SOCIAL_${provider.toUpperCase()}_${name}`

/** The variables a provider accepts (GitHub also `EMAILS_URL`). */
export function providerVariables(provider: SocialLoginProvider): string[] {
  const names: readonly string[] =
    PRODUCTION_DEFAULTS[provider].kind === 'oidc' ? OIDC_VARIABLES : OAUTH_VARIABLES
  return [...names, ...(provider === 'github' ? ['EMAILS_URL'] : [])].map((name) =>
    socialVariable(provider, name),
  )
}

export interface ResolveSocialOptions {
  /** The key origin: the redirect URI is on it. */
  origin: string
  stack: StackConfig
  production: boolean
}

export function resolveSocialConfig(env: Env, options: ResolveSocialOptions): SocialConfig {
  const unknown = Object.keys(env).filter(
    (name) =>
      name.startsWith('WF_SOCIAL_') &&
      env[name] !== undefined &&
      !SOCIAL_LOGIN_PROVIDERS.some((provider) => providerVariables(provider).includes(name)),
  )
  if (unknown.length > 0) {
    throw new Error(
      `${unknown.join(', ')}: not a social-login variable (docs/social-login.md lists them; a provider named by an OpenID issuer takes no endpoint URLs)`,
    )
  }
  const providers: SocialConfig['providers'] = {}
  const dev: SocialLoginProvider[] = []
  for (const provider of SOCIAL_LOGIN_PROVIDERS) {
    const set = providerVariables(provider).filter((name) => env[name] !== undefined && env[name] !== '')
    if (set.length === 0) {
      if (options.production) continue
      providers[provider] = devProvider(provider, options.stack)
      dev.push(provider)
      continue
    }
    providers[provider] = configuredProvider(provider, env, set, options.production)
  }
  return { providers, redirectUri: `${options.origin}${KEY_SERVER_PATHS.socialCallback}`, dev }
}

function configuredProvider(
  provider: SocialLoginProvider,
  env: Env,
  set: string[],
  production: boolean,
): SocialProviderConfig {
  const read = (name: string) => env[socialVariable(provider, name)]?.trim() || undefined
  const idName = socialVariable(provider, 'CLIENT_ID')
  const secretName = socialVariable(provider, 'CLIENT_SECRET')
  const clientId = read('CLIENT_ID')
  if (!clientId) throw new Error(`${idName} is required: ${set.join(', ')} set for ${provider}`)
  const clientSecret = read('CLIENT_SECRET')
  if (!clientSecret) {
    throw new Error(
      `${secretName} is required: ${provider} is configured (${idName}) but has no client secret`,
    )
  }
  const defaults = PRODUCTION_DEFAULTS[provider]
  const scopesText = read('SCOPES')
  const scopes = scopesText ? scopesText.split(/[\s,]+/).filter(Boolean) : defaults.scopes
  const url = (name: string, fallback: string) =>
    endpoint(read(name) ?? fallback, socialVariable(provider, name), production)
  const base = { provider, clientId, clientSecret, scopes }
  if (defaults.kind === 'oidc') {
    if (!scopes.includes('openid'))
      throw new Error(`${socialVariable(provider, 'SCOPES')} must include openid`)
    return { ...defaults, ...base, issuer: url('ISSUER', defaults.issuer) }
  }
  return {
    ...defaults,
    ...base,
    authorizationUrl: url('AUTHORIZATION_URL', defaults.authorizationUrl),
    tokenUrl: url('TOKEN_URL', defaults.tokenUrl),
    userinfoUrl: url('USERINFO_URL', defaults.userinfoUrl),
    ...(defaults.emailsUrl ? { emailsUrl: url('EMAILS_URL', defaults.emailsUrl) } : {}),
  }
}

/** An https URL; plain http only outside production or on this machine. */
function endpoint(value: string, name: string, production: boolean): string {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new Error(`${name}: "${value}" is not a URL`)
  }
  const loopback =
    ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname) || url.hostname.startsWith('127.')
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && (!production || loopback))) {
    throw new Error(`${name}: "${value}" must be an https URL`)
  }
  if (url.hash) throw new Error(`${name}: "${value}" must not have a fragment`)
  return value.replace(/\/$/, '')
}

/**
 * The dev OIDC provider standing in for `provider`: google and apple as OpenID providers
 * (discovery, ID token), the others through their user APIs, so both ways run in dev and tests.
 */
export function devProvider(provider: SocialLoginProvider, stack: StackConfig): SocialProviderConfig {
  const issuer = stack.oidc.issuer
  const defaults = PRODUCTION_DEFAULTS[provider]
  const base = { provider, ...devOidcClient(provider) }
  if (defaults.kind === 'oidc') return { ...defaults, ...base, issuer }
  const userinfo: Record<Exclude<SocialLoginProvider, 'google' | 'apple'>, string> = {
    github: DEV_OIDC_PATHS.githubUser,
    x: DEV_OIDC_PATHS.xMe,
    discord: DEV_OIDC_PATHS.discordMe,
    facebook: DEV_OIDC_PATHS.facebookMe,
  }
  return {
    ...defaults,
    ...base,
    authorizationUrl: `${issuer}${DEV_OIDC_PATHS.authorization}`,
    tokenUrl: `${issuer}${DEV_OIDC_PATHS.token}`,
    userinfoUrl: `${issuer}${userinfo[provider as keyof typeof userinfo]}`,
    ...(provider === 'github' ? { emailsUrl: `${issuer}${DEV_OIDC_PATHS.githubEmails}` } : {}),
  }
}

/** A client the dev OIDC provider registers (apps/dev-oidc `DevOidcClient`). */
export interface DevClient {
  provider: SocialLoginProvider
  clientId: string
  clientSecret: string
  redirectUris: string[]
  tokenEndpointAuthMethod: TokenEndpointAuth
}

/** The clients the dev OIDC provider must register: one per provider pointed at it. */
export function devOidcClients(social: SocialConfig): DevClient[] {
  return social.dev.flatMap((provider) => {
    const config = social.providers[provider]
    if (!config) return []
    return [
      {
        provider,
        clientId: config.clientId,
        clientSecret: config.clientSecret,
        redirectUris: [social.redirectUri],
        tokenEndpointAuthMethod: config.tokenEndpointAuth,
      },
    ]
  })
}
