/**
 * Social identities → users (docs/social-login.md "Accounts"): (provider, subject) belongs to one
 * user, so one wallet per identity. A new identity becomes a new user with its verified email,
 * unless that email is an existing account's: then it waits in social_links, one per browser, for
 * the email code that links it to that account.
 */
import { randomUUID } from 'node:crypto'
import type { Queryable } from '@walletframe/db'
import { SOCIAL_LOGIN_LIMITS, type SocialLoginProvider } from '@walletframe/protocol'
import type { KeyServerContext } from '../context.ts'
import type { SocialProfile } from './profiles.ts'

export interface IdentityUser {
  userId: string
  email: string
}

/** The user of a known identity (its user name and email refreshed), or undefined. */
export async function signInIdentity(
  db: Queryable,
  provider: SocialLoginProvider,
  profile: SocialProfile,
  now: number,
): Promise<IdentityUser | undefined> {
  const [row] = await db.query<{ user_id: string; email: string }>(
    `UPDATE key_server.identities i SET user_name = $3, email = COALESCE($4, i.email), last_login_at = $5
     FROM key_server.users u WHERE u.id = i.user_id AND i.provider = $1 AND i.subject = $2
     RETURNING i.user_id, u.email`,
    [provider, profile.subject, profile.userName, profile.email ?? null, now],
  )
  return row ? { userId: row.user_id, email: row.email } : undefined
}

/**
 * A new user for a new identity with a verified email nobody uses. Undefined when the email turned
 * out to be taken (by a concurrent login): the caller links instead. A concurrent first login of the
 * same identity finds the user the other made.
 */
export async function createIdentityUser(
  db: Queryable,
  provider: SocialLoginProvider,
  profile: SocialProfile & { email: string },
  now: number,
): Promise<(IdentityUser & { isNew: boolean }) | undefined> {
  const userId = randomUUID()
  const [created] = await db.query(
    `INSERT INTO key_server.users (id, email, created_at) VALUES ($1, $2, $3)
     ON CONFLICT (email) DO NOTHING RETURNING id`,
    [userId, profile.email, now],
  )
  if (!created) return undefined
  const identity = await insertIdentity(db, provider, profile, userId, now)
  if (identity === userId) return { userId, email: profile.email, isNew: true }
  await db.query('DELETE FROM key_server.users WHERE id = $1', [userId])
  const known = await signInIdentity(db, provider, profile, now)
  return known ? { ...known, isNew: false } : undefined
}

/** Inserts the identity for `userId`; returns the user the identity belongs to (another one if it existed). */
async function insertIdentity(
  db: Queryable,
  provider: SocialLoginProvider,
  profile: SocialProfile,
  userId: string,
  now: number,
): Promise<string | undefined> {
  const [row] = await db.query<{ user_id: string }>(
    `INSERT INTO key_server.identities (provider, subject, user_id, created_at, user_name, email, last_login_at)
     VALUES ($1, $2, $3, $4, $5, $6, $4)
     ON CONFLICT (provider, subject) DO UPDATE SET last_login_at = EXCLUDED.last_login_at
     RETURNING user_id`,
    [provider, profile.subject, userId, now, profile.userName, profile.email ?? null],
  )
  return row?.user_id
}

export interface PendingLink {
  provider: SocialLoginProvider
  profile: SocialProfile & { email: string }
  userId: string
  projectId: string
}

/** Parks the identity until the email code confirms it (replacing this browser's previous one). */
export async function savePendingLink(
  ctx: KeyServerContext,
  deviceId: string,
  link: PendingLink,
): Promise<void> {
  const now = ctx.now()
  await ctx.db.query(
    `INSERT INTO key_server.social_links (device_id, provider, subject, user_id, email, user_name, project_id,
       expires_at, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (device_id) DO UPDATE SET provider = EXCLUDED.provider, subject = EXCLUDED.subject,
       user_id = EXCLUDED.user_id, email = EXCLUDED.email, user_name = EXCLUDED.user_name,
       project_id = EXCLUDED.project_id, expires_at = EXCLUDED.expires_at, created_at = EXCLUDED.created_at`,
    [
      deviceId,
      link.provider,
      link.profile.subject,
      link.userId,
      link.profile.email,
      link.profile.userName,
      link.projectId,
      now + SOCIAL_LOGIN_LIMITS.pendingLinkLifetimeMs,
      now,
    ],
  )
}

/** Takes this browser's pending link for `email`, once; undefined when none is live. */
export async function takePendingLink(
  db: Queryable,
  deviceId: string,
  email: string,
  now: number,
): Promise<PendingLink | undefined> {
  const [row] = await db.query<{
    provider: SocialLoginProvider
    subject: string
    user_id: string
    email: string
    user_name: string
    project_id: string
  }>(
    `DELETE FROM key_server.social_links WHERE device_id = $1 AND email = $2 AND expires_at > $3
     RETURNING provider, subject, user_id, email, user_name, project_id`,
    [deviceId, email, now],
  )
  if (!row) return undefined
  return {
    provider: row.provider,
    profile: { subject: row.subject, email: row.email, userName: row.user_name },
    userId: row.user_id,
    projectId: row.project_id,
  }
}

/** Links the identity to the user the email code confirmed; false when it already belongs to another. */
export async function linkIdentity(db: Queryable, link: PendingLink, now: number): Promise<boolean> {
  const owner = await insertIdentity(db, link.provider, link.profile, link.userId, now)
  return owner === link.userId
}
