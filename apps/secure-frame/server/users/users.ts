import { randomUUID } from 'node:crypto'
import type { Queryable } from '@walletframe/db'

export interface User {
  id: string
  /** Null for a user of an identity that is not an email (users/identities.ts). */
  email: string | null
}

export async function findUserByEmail(db: Queryable, email: string): Promise<User | undefined> {
  const [user] = await db.query<User>('SELECT id, email FROM key_server.users WHERE email = $1', [email])
  return user
}

export async function findUserById(db: Queryable, id: string): Promise<User | undefined> {
  const [user] = await db.query<User>('SELECT id, email FROM key_server.users WHERE id = $1', [id])
  return user
}

/** The user of `email`, created when new (a concurrent first login finds the row the other made). */
export async function findOrCreateUser(
  db: Queryable,
  email: string,
  now: number,
): Promise<User & { email: string; isNew: boolean }> {
  const [created] = await db.query<User>(
    `INSERT INTO key_server.users (id, email, created_at) VALUES ($1, $2, $3)
     ON CONFLICT (email) DO NOTHING RETURNING id, email`,
    [randomUUID(), email, now],
  )
  if (created) return { ...created, email, isNew: true }
  const existing = await findUserByEmail(db, email)
  if (!existing) throw new Error(`user ${email} neither created nor found`)
  return { ...existing, email, isNew: false }
}

export async function isKnownDevice(db: Queryable, userId: string, deviceId: string): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM key_server.devices WHERE user_id = $1 AND device_id = $2', [
    userId,
    deviceId,
  ])
  return rows.length > 0
}

/** Remembers the browser once an email code was verified on it. */
export async function bindDevice(
  db: Queryable,
  userId: string,
  deviceId: string,
  now: number,
): Promise<void> {
  await db.query(
    `INSERT INTO key_server.devices (user_id, device_id, bound_at) VALUES ($1, $2, $3)
     ON CONFLICT (user_id, device_id) DO UPDATE SET bound_at = EXCLUDED.bound_at`,
    [userId, deviceId, now],
  )
}

/** Moves the account to a new address; false when another account holds it. */
export async function changeEmail(db: Queryable, userId: string, email: string): Promise<boolean> {
  const rows = await db.query(
    `UPDATE key_server.users SET email = $2 WHERE id = $1
     AND NOT EXISTS (SELECT 1 FROM key_server.users WHERE email = $2) RETURNING id`,
    [userId, email],
  )
  return rows.length > 0
}
