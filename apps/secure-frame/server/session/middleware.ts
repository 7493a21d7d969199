import { createMiddleware } from 'hono/factory'
import type { KeyServerContext, KeyServerEnv, SessionInfo } from '../context.ts'
import { KeyServerError } from '../errors.ts'
import { readSessionToken } from './cookies.ts'
import { findSession } from './sessions.ts'

/** Reads the session cookie once per request into `c.var.session` (undefined when signed out). */
export const loadSession = (ctx: KeyServerContext) =>
  createMiddleware<KeyServerEnv>(async (c, next) => {
    const token = readSessionToken(c)
    c.set('session', token ? await findSession(ctx, token) : undefined)
    await next()
  })

/** The request's session, or 401 SESSION_REQUIRED. */
export function requireSession(session: SessionInfo | undefined): SessionInfo {
  if (!session) throw new KeyServerError('sessionRequired')
  return session
}

/**
 * A session whose email code or passkey was verified within TIME.freshAuthMs: the auth share and
 * new passkeys are given only then (docs/embedded-wallet.md "Custody").
 */
export function requireFreshSession(session: SessionInfo | undefined): SessionInfo {
  const live = requireSession(session)
  if (!live.fresh) throw new KeyServerError('freshAuthRequired')
  return live
}
