/**
 * The dev OIDC provider (npm `oidc-provider`): one issuer standing in for the six social-login
 * providers of the key server, one registered client per provider. Authorization code with PKCE
 * S256 only, discovery, JWKS, ID tokens, userinfo, a login page of test users, consent granted at
 * once to the registered clients, and the user endpoints of GitHub, X, Discord and Facebook in
 * their own shapes (./provider-apis.ts). State lives in memory.
 */
import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { WALLETFRAME_NAME } from '@walletframe/protocol'
import { exportJWK, generateKeyPair } from 'jose'
import Provider, { type Configuration, interactionPolicy, type KoaContextWithOIDC } from 'oidc-provider'
import {
  AccountBook,
  type DevProvider,
  listedAccounts,
  PROVIDER_LABELS,
  USERNAME_PATTERN,
} from './accounts.ts'
import { loginPage, messagePage } from './login-page.ts'
import { memoryAdapter } from './memory-adapter.ts'
import { providerApiHandler } from './provider-apis.ts'

/** A client of the key server, as registered here. */
export interface DevOidcClient {
  provider: DevProvider
  clientId: string
  clientSecret: string
  redirectUris: string[]
  tokenEndpointAuthMethod: 'client_secret_basic' | 'client_secret_post'
}

export interface DevOidcOptions {
  host: string
  /** 0 picks a free port. */
  port: number
  /** Defaults to `http://{host}:{port}` with the port listened on. */
  issuer?: string | undefined
  clients: DevOidcClient[]
}

export interface RunningDevOidc {
  issuer: string
  /** The users signed in so far and the listed ones. */
  accounts: AccountBook
  /** The provider itself: tests reach its models (e.g. to find an access token). */
  provider: Provider
  close(): Promise<void>
}

/** Scopes the six real providers use; asked for, they are granted with no claims of their own. */
const PROVIDER_SCOPES = [
  'name',
  'read:user',
  'user:email',
  'users.read',
  'tweet.read',
  'users.email',
  'identify',
  'public_profile',
]

export async function startDevOidc(options: DevOidcOptions): Promise<RunningDevOidc> {
  let handle: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => {
    res.writeHead(503).end()
  }
  const server = createServer((req, res) => handle(req, res))
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, options.host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const { port } = server.address() as AddressInfo
  const issuer = options.issuer ?? `http://${options.host}:${port}`
  const accounts = new AccountBook()
  const clients = new Map(options.clients.map((client) => [client.clientId, client]))
  const provider = new Provider(issuer, await configuration(accounts, options.clients))
  const apis = providerApiHandler({ provider, accounts, clients })
  const oidc = provider.callback()

  handle = (req, res) => {
    const path = new URL(req.url ?? '/', issuer).pathname
    const interaction = /^\/interaction\/([A-Za-z0-9_-]+)(?:\/(login|abort))?$/.exec(path)
    const done = (error: unknown) => {
      if (res.headersSent) return res.end()
      const text = error instanceof Error ? error.message : String(error)
      res.writeHead(400, { 'content-type': 'text/html; charset=utf-8' })
      res.end(messagePage('Sign-in failed', text))
    }
    if (interaction) {
      const step = interaction[2]
      const run = step === undefined ? showLogin : step === 'login' ? finishLogin : abortLogin
      run({ req, res, provider, accounts, clients }).catch(done)
      return
    }
    if (apis(req, res, path)) return
    oidc(req, res)
  }

  return {
    issuer,
    accounts,
    provider,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

async function configuration(accounts: AccountBook, clients: DevOidcClient[]): Promise<Configuration> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true })
  const signingKey = { ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'dev-oidc-1' }
  const policy = interactionPolicy.base()
  // Every authorization shows the login page, so a browser can switch test users at will.
  policy
    .get('login')
    ?.checks.add(
      new interactionPolicy.Check(
        'dev_login_every_time',
        'The dev provider asks who you are each time',
        (ctx) =>
          ctx.oidc.result?.login
            ? interactionPolicy.Check.NO_NEED_TO_PROMPT
            : interactionPolicy.Check.REQUEST_PROMPT,
      ),
    )
  return {
    clients: clients.map((client) => ({
      client_id: client.clientId,
      client_secret: client.clientSecret,
      client_name: `${WALLETFRAME_NAME} (${PROVIDER_LABELS[client.provider]})`,
      redirect_uris: client.redirectUris,
      response_types: ['code'],
      grant_types: ['authorization_code'],
      token_endpoint_auth_method: client.tokenEndpointAuthMethod,
    })),
    pkce: { required: () => true },
    // Scope claims go into the ID token too, as Google's and Apple's do.
    conformIdTokenClaims: false,
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'preferred_username'],
    },
    scopes: ['openid', 'email', 'profile', ...PROVIDER_SCOPES],
    findAccount: (_ctx, id) => {
      const entry = accounts.get(id)
      if (!entry) return undefined
      return {
        accountId: entry.id,
        claims: () => ({
          sub: entry.id,
          email: entry.email,
          email_verified: true,
          name: entry.name,
          preferred_username: entry.username,
        }),
      }
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}`, policy },
    // Consent is granted at once: every client here is the key server's.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const { client, session, params } = ctx.oidc
      if (!client || !session?.accountId) return undefined
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId })
      if (typeof params?.scope === 'string') grant.addOIDCScope(params.scope)
      grant.addOIDCClaims([...ctx.oidc.requestParamClaims])
      await grant.save()
      return grant
    },
    features: { devInteractions: { enabled: false } },
    adapter: memoryAdapter(),
    // Seconds; short, as a dev login takes moments.
    ttl: {
      AuthorizationCode: 60,
      AccessToken: 600,
      IdToken: 600,
      Interaction: 600,
      // A provider session outlives its one login by a second: the next login (every one shows the
      // login page) may then be another user without oidc-provider's switch-account logout step.
      Session: 1,
      Grant: 600,
    },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    jwks: { keys: [signingKey] },
    renderError: (ctx, out) => {
      ctx.type = 'html'
      ctx.body = messagePage('Sign-in error', `${out.error}: ${out.error_description ?? ''}`)
    },
  }
}

interface InteractionRequest {
  req: IncomingMessage
  res: ServerResponse
  provider: Provider
  accounts: AccountBook
  clients: Map<string, DevOidcClient>
}

async function clientOf({ req, res, provider, clients }: InteractionRequest) {
  const details = await provider.interactionDetails(req, res)
  const client = clients.get(String(details.params.client_id))
  if (!client) throw new Error('This client is not registered at the dev provider')
  return { details, client }
}

/**
 * The login page's Cross-Origin-Opener-Policy, per provider stood in for: Google's sign-in pages
 * send one, which cuts the popup off from the modal that opened it (its callback page then has no
 * `window.opener`), so the key server's path for cut-off windows runs in dev and tests as it will there.
 */
const OPENER_POLICIES: Partial<Record<DevProvider, string>> = { google: 'same-origin-allow-popups' }

async function showLogin(request: InteractionRequest, error?: string): Promise<void> {
  const { details, client } = await clientOf(request)
  const openerPolicy = OPENER_POLICIES[client.provider]
  request.res.writeHead(error ? 400 : 200, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    ...(openerPolicy ? { 'cross-origin-opener-policy': openerPolicy } : {}),
  })
  request.res.end(
    loginPage({
      uid: details.uid,
      providerLabel: PROVIDER_LABELS[client.provider],
      clientName: WALLETFRAME_NAME,
      accounts: listedAccounts(client.provider),
      ...(error ? { error } : {}),
    }),
  )
}

async function finishLogin(request: InteractionRequest): Promise<void> {
  const { client } = await clientOf(request)
  const form = new URLSearchParams(await readBody(request.req))
  const username = (form.get('username') ?? '').trim().toLowerCase()
  if (!USERNAME_PATTERN.test(username)) {
    return showLogin(
      request,
      'A user name is 1 to 32 lower-case letters, digits, dots, dashes or underscores',
    )
  }
  const entry = request.accounts.signIn(client.provider, username)
  await request.provider.interactionFinished(
    request.req,
    request.res,
    { login: { accountId: entry.id } },
    { mergeWithLastSubmission: false },
  )
}

async function abortLogin(request: InteractionRequest): Promise<void> {
  await clientOf(request)
  await request.provider.interactionFinished(
    request.req,
    request.res,
    { error: 'access_denied', error_description: 'The user cancelled the sign-in' },
    { mergeWithLastSubmission: false },
  )
}

const MAX_FORM_BYTES = 4_096

async function readBody(req: IncomingMessage): Promise<string> {
  if (req.method !== 'POST') throw new Error('The form must be posted')
  let text = ''
  for await (const chunk of req) {
    text += String(chunk)
    if (text.length > MAX_FORM_BYTES) throw new Error('The form is too large')
  }
  return text
}
