import type { Database } from '@walletframe/db'
import { clientIpReader, createLimiter } from '@walletframe/rate-limit'
import { Hono } from 'hono'
import type { Redis } from 'ioredis'
import { confirmPageRoutes } from './auth/confirm-page.ts'
import { authRoutes } from './auth/routes.ts'
import type { KeyServerConfig } from './config.ts'
import type { KeyServerContext, KeyServerEnv } from './context.ts'
import { deriveServerKeys } from './crypto/secrets.ts'
import { deviceKeyRoutes } from './device-key/routes.ts'
import { emailUpdateRoutes } from './email-update/routes.ts'
import { farcasterRoutes } from './farcaster/routes.ts'
import { frameRoutes } from './frame/routes.ts'
import type { Mailer } from './mail/mailer.ts'
import { onKeyServerError, onNotFound } from './middleware/errors.ts'
import { limitPerIp } from './middleware/rate-limit.ts'
import { sameOriginOnly } from './middleware/same-origin.ts'
import { jsonBodies } from './middleware/validate.ts'
import { passkeyRoutes } from './passkey/routes.ts'
import { loadSession } from './session/middleware.ts'
import { sharesRoutes } from './shares/routes.ts'
import { callbackPageRoutes } from './social/callback-page.ts'
import { leftAnswerRoutes } from './social/left-answers.ts'
import { socialRoutes } from './social/routes.ts'

export interface KeyServerDeps {
  config: KeyServerConfig
  /** Opened and migrated (openDatabase). */
  db: Database
  mailer: Mailer
  /** Epoch ms; defaults to Date.now (tests pass a clock they move). */
  now?: () => number
  log?: (message: string) => void
  /** Connected (`connectLimiterRedis`) when the config has a redisUrl: shared rate limits. */
  redis?: Redis | undefined
}

/**
 * The key server as a hono app. Order: the same-origin check and the body rules come first for
 * every /v1 route, then the per-IP rate limit of the auth routes, then the session cookie.
 */
export function createKeyServerApp(deps: KeyServerDeps): Hono<KeyServerEnv> {
  const now = deps.now ?? Date.now
  const log = deps.log ?? ((message: string) => console.error(`[key-server] ${message}`))
  const ctx: KeyServerContext = {
    config: deps.config,
    db: deps.db,
    mailer: deps.mailer,
    keys: deriveServerKeys(deps.config.secret),
    now,
    log,
    limits: {
      perIp: createLimiter(deps.config.rateLimits.perIp, { redis: deps.redis, name: 'key-ip', now, log }),
      perEmail: createLimiter(deps.config.rateLimits.perEmail, {
        redis: deps.redis,
        name: 'key-email',
        now,
        log,
      }),
      clientIp: clientIpReader(deps.config.rateLimits.trustedProxyHops ?? 0),
    },
    deviceConfirmed: new EventTarget(),
  }
  const app = new Hono<KeyServerEnv>()
  app.use(async (c, next) => {
    await next()
    c.header('X-Content-Type-Options', 'nosniff')
  })
  app.use('/v1/*', sameOriginOnly(deps.config.origin), ...jsonBodies)
  const perIp = limitPerIp(ctx.limits)
  for (const path of [
    '/v1/auth/*',
    '/v1/passkey/*',
    '/v1/device-key/*',
    '/v1/email/*',
    '/device/*',
    '/oauth/*',
  ])
    app.use(path, perIp)
  app.use(loadSession(ctx))
  app.route('/', frameRoutes(deps.config))
  app.route('/', confirmPageRoutes(ctx))
  app.route('/', authRoutes(ctx))
  app.route('/', sharesRoutes(ctx))
  app.route('/', passkeyRoutes(ctx))
  app.route('/', deviceKeyRoutes(ctx))
  app.route('/', emailUpdateRoutes(ctx))
  app.route('/', socialRoutes(ctx))
  app.route('/', callbackPageRoutes(ctx))
  app.route('/', leftAnswerRoutes(ctx))
  app.route('/', farcasterRoutes(ctx))
  app.notFound(onNotFound)
  app.onError(onKeyServerError(log))
  return app
}
