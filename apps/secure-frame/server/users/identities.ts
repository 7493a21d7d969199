/**
 * Identities that are not an email address (docs/farcaster.md): (provider, subject) → one user, so
 * one wallet per identity. Such a user has no email.
 */
import { randomUUID } from 'node:crypto'
import type { Queryable } from '@walletframe/db'
import type { SocialProvider } from '@walletframe/protocol'

export interface Identity {
  provider: SocialProvider
  /** The provider's stable id of the account: a Farcaster fid in decimal. */
  subject: string
  /** The username it signed in with, shown as the account's user name. */
  userName: string
}

/**
 * The user of `identity`, created (with no email) when new; the stored user name follows the
 * latest sign-in. A concurrent first sign-in of the same identity finds the row the other made.
 */
export async function findOrCreateIdentityUser(
  db: Queryable,
  identity: Identity,
  now: number,
): Promise<{ userId: string; isNew: boolean }> {
  const { provider, subject, userName } = identity
  const [known] = await db.query<{ user_id: string }>(
    `UPDATE key_server.identities SET user_name = $3, last_login_at = $4 WHERE provider = $1 AND subject = $2
     RETURNING user_id`,
    [provider, subject, userName, now],
  )
  if (known) return { userId: known.user_id, isNew: false }
  const userId = randomUUID()
  await db.query('INSERT INTO key_server.users (id, email, created_at) VALUES ($1, NULL, $2)', [userId, now])
  const [created] = await db.query(
    `INSERT INTO key_server.identities (provider, subject, user_id, user_name, created_at, last_login_at)
     VALUES ($1, $2, $3, $4, $5, $5) ON CONFLICT (provider, subject) DO NOTHING RETURNING user_id`,
    [provider, subject, userId, userName, now],
  )
  if (created) return { userId, isNew: true }
  // Another sign-in made the identity first: drop the user made for nothing and take that one.
  await db.query('DELETE FROM key_server.users WHERE id = $1', [userId])
  const [other] = await db.query<{ user_id: string }>(
    'SELECT user_id FROM key_server.identities WHERE provider = $1 AND subject = $2',
    [provider, subject],
  )
  if (!other) throw new Error(`identity ${provider}:${subject} neither created nor found`)
  return { userId: other.user_id, isNew: false }
}

/** The identity a user without email signed in with (the first one made), if any. */
export async function identityOfUser(
  db: Queryable,
  userId: string,
  provider?: SocialProvider,
): Promise<Omit<Identity, 'subject'> | undefined> {
  const [row] = await db.query<{ provider: SocialProvider; user_name: string | null }>(
    `SELECT provider, user_name FROM key_server.identities
     WHERE user_id = $1 AND ($2::text IS NULL OR provider = $2)
     ORDER BY created_at LIMIT 1`,
    [userId, provider ?? null],
  )
  return row ? { provider: row.provider, userName: row.user_name ?? '' } : undefined
}
