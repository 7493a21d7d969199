/**
 * The user endpoints of the four providers that are not OpenID providers, answering in each real
 * API's shape for an access token this provider issued to that provider's client:
 * GitHub `GET /user` and `GET /user/emails`, X `GET /2/users/me?user.fields=confirmed_email`,
 * Discord `GET /users/@me`, Facebook `GET /me?fields=id,name,email`. The key server's production
 * readers parse these, so dev runs the same code as production.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { DEV_OIDC_PATHS } from '@walletframe/stack'
import type Provider from 'oidc-provider'
import type { AccountBook, DevAccount, DevProvider } from './accounts.ts'
import type { DevOidcClient } from './server.ts'

interface ApiDeps {
  provider: Provider
  accounts: AccountBook
  clients: Map<string, DevOidcClient>
}

type Reply = (entry: DevAccount, query: URLSearchParams) => unknown

const ROUTES: Record<string, { provider: DevProvider; reply: Reply }> = {
  [DEV_OIDC_PATHS.githubUser]: {
    provider: 'github',
    // A private email, as most GitHub users have: the address comes from /user/emails.
    reply: (entry) => ({ id: Number(entry.id), login: entry.username, name: entry.name, email: null }),
  },
  [DEV_OIDC_PATHS.githubEmails]: {
    provider: 'github',
    reply: (entry) => [{ email: entry.email, primary: true, verified: true, visibility: null }],
  },
  [DEV_OIDC_PATHS.xMe]: {
    provider: 'x',
    reply: (entry, query) => ({
      data: {
        id: entry.id,
        name: entry.name,
        username: entry.username,
        ...(fields(query, 'user.fields').has('confirmed_email') ? { confirmed_email: entry.email } : {}),
      },
    }),
  },
  [DEV_OIDC_PATHS.discordMe]: {
    provider: 'discord',
    reply: (entry) => ({
      id: entry.id,
      username: entry.username,
      global_name: entry.name,
      email: entry.email,
      verified: true,
    }),
  },
  [DEV_OIDC_PATHS.facebookMe]: {
    provider: 'facebook',
    reply: (entry, query) => {
      const wanted = fields(query, 'fields')
      return {
        id: entry.id,
        ...(wanted.has('name') || wanted.size === 0 ? { name: entry.name } : {}),
        ...(wanted.has('email') ? { email: entry.email } : {}),
      }
    },
  },
}

const fields = (query: URLSearchParams, name: string) =>
  new Set((query.get(name) ?? '').split(',').filter(Boolean))

/** Answers the request when its path is one of the provider APIs; false otherwise. */
export function providerApiHandler(deps: ApiDeps) {
  return (req: IncomingMessage, res: ServerResponse, path: string): boolean => {
    const route = ROUTES[path]
    if (!route) return false
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' })
      res.end(JSON.stringify(body))
    }
    if (req.method !== 'GET') {
      json(405, { message: 'Method not allowed' })
      return true
    }
    bearerAccount(deps, req, route.provider)
      .then((entry) => {
        if (!entry) return json(401, { message: 'Bad credentials' })
        json(200, route.reply(entry, new URL(req.url ?? '/', 'http://dev-oidc').searchParams))
      })
      .catch(() => json(500, { message: 'Server error' }))
    return true
  }
}

/** The account of a live access token issued to `provider`'s client, or undefined. */
async function bearerAccount(
  { provider, accounts, clients }: ApiDeps,
  req: IncomingMessage,
  wanted: DevProvider,
): Promise<DevAccount | undefined> {
  const match = /^Bearer ([A-Za-z0-9_-]+)$/i.exec(req.headers.authorization ?? '')
  if (!match?.[1]) return undefined
  const token = await provider.AccessToken.find(match[1])
  if (!token || token.isExpired || !token.clientId || !token.accountId) return undefined
  if (clients.get(token.clientId)?.provider !== wanted) return undefined
  const entry = accounts.get(token.accountId)
  return entry?.provider === wanted ? entry : undefined
}
