import type { Queryable } from '@walletframe/db'
import { type SocialProvider, TIME } from '@walletframe/protocol'
import type { KeyServerContext, SessionInfo } from '../context.ts'
import { randomToken, tokenHash } from '../crypto/secrets.ts'

/**
 * Starts a fresh session (an email code, a passkey or an identity was just verified); returns the
 * cookie's token. `loginProvider`: the identity signed in with, if not an email code or a passkey.
 */
export async function createSession(
  ctx: KeyServerContext,
  db: Queryable,
  owner: { userId: string; deviceId: string; projectId: string | null; loginProvider?: SocialProvider },
): Promise<string> {
  const token = randomToken()
  const now = ctx.now()
  await db.query(
    `INSERT INTO key_server.sessions
       (token_hash, user_id, device_id, project_id, created_at, expires_at, fresh_until, login_provider)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      tokenHash(token),
      owner.userId,
      owner.deviceId,
      owner.projectId,
      now,
      now + TIME.sessionLifetimeMs,
      now + TIME.freshAuthMs,
      owner.loginProvider ?? null,
    ],
  )
  return token
}

/** The live session of a cookie token, if any. */
export async function findSession(ctx: KeyServerContext, token: string): Promise<SessionInfo | undefined> {
  const now = ctx.now()
  const [row] = await ctx.db.query<{
    token_hash: string
    user_id: string
    email: string | null
    device_id: string
    project_id: string | null
    fresh_until: number
    login_provider: SocialProvider | null
  }>(
    `SELECT s.token_hash, s.user_id, u.email, s.device_id, s.project_id, s.fresh_until, s.login_provider
     FROM key_server.sessions s JOIN key_server.users u ON u.id = s.user_id
     WHERE s.token_hash = $1 AND s.expires_at > $2`,
    [tokenHash(token), now],
  )
  if (!row) return undefined
  return {
    tokenHash: row.token_hash,
    userId: row.user_id,
    email: row.email,
    deviceId: row.device_id,
    projectId: row.project_id,
    fresh: now < row.fresh_until,
    loginProvider: row.login_provider,
  }
}

export async function deleteSession(ctx: KeyServerContext, hash: string): Promise<void> {
  await ctx.db.query('DELETE FROM key_server.sessions WHERE token_hash = $1', [hash])
}
