/**
 * The relay channels of Sign In With Farcaster (docs/farcaster.md): opened by a key frame for its
 * browser, completed once by the phone's verified message, consumed once by that key frame. Only the
 * token's hash is stored; a channel lives TIME.farcasterChannelLifetimeMs.
 */
import { randomBytes } from 'node:crypto'
import type { Queryable } from '@walletframe/db'
import { TIME } from '@walletframe/protocol'
import type { KeyServerContext } from '../context.ts'
import { randomToken, tokenHash } from '../crypto/secrets.ts'

export interface Channel {
  tokenHash: string
  deviceId: string
  projectId: string
  nonce: string
  createdAt: number
  expiresAt: number
  /** Set once the phone's message was verified, with what it proved. */
  completed: { fid: number; custody: string; userName: string } | undefined
  consumed: boolean
}

interface ChannelRow {
  token_hash: string
  device_id: string
  project_id: string
  nonce: string
  created_at: number
  expires_at: number
  completed_at: number | null
  fid: number | null
  custody: string | null
  user_name: string | null
  consumed_at: number | null
}

/** Opens a channel for the browser; returns its token, which only the caller ever sees. */
export async function openChannel(
  ctx: KeyServerContext,
  owner: { deviceId: string; projectId: string },
): Promise<{ token: string; channel: Channel }> {
  const token = randomToken()
  const now = ctx.now()
  const channel: Channel = {
    tokenHash: tokenHash(token),
    ...owner,
    // EIP-4361 wants at least 8 letters or digits; 128 random bits in hex.
    nonce: randomBytes(16).toString('hex'),
    createdAt: now,
    expiresAt: now + TIME.farcasterChannelLifetimeMs,
    completed: undefined,
    consumed: false,
  }
  // Channels long expired are of no use to anyone: cleared as new ones open.
  await ctx.db.query('DELETE FROM key_server.farcaster_channels WHERE expires_at < $1', [
    now - TIME.farcasterChannelLifetimeMs,
  ])
  await ctx.db.query(
    `INSERT INTO key_server.farcaster_channels (token_hash, device_id, project_id, nonce, expires_at, created_at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [channel.tokenHash, owner.deviceId, owner.projectId, channel.nonce, channel.expiresAt, now],
  )
  return { token, channel }
}

export async function findChannel(ctx: KeyServerContext, hash: string): Promise<Channel | undefined> {
  const [row] = await ctx.db.query<ChannelRow>(
    'SELECT * FROM key_server.farcaster_channels WHERE token_hash = $1',
    [hash],
  )
  if (!row) return undefined
  return {
    tokenHash: row.token_hash,
    deviceId: row.device_id,
    projectId: row.project_id,
    nonce: row.nonce,
    createdAt: Number(row.created_at),
    expiresAt: Number(row.expires_at),
    completed:
      row.completed_at !== null && row.fid !== null && row.custody !== null && row.user_name !== null
        ? { fid: Number(row.fid), custody: row.custody, userName: row.user_name }
        : undefined,
    consumed: row.consumed_at !== null,
  }
}

/** Records the verified sign-in; false when the channel was completed already or has expired. */
export async function completeChannel(
  ctx: KeyServerContext,
  hash: string,
  proof: { fid: number; custody: string; userName: string },
): Promise<boolean> {
  const now = ctx.now()
  const rows = await ctx.db.query(
    `UPDATE key_server.farcaster_channels SET completed_at = $2, fid = $3, custody = $4, user_name = $5
     WHERE token_hash = $1 AND completed_at IS NULL AND expires_at > $2 RETURNING 1`,
    [hash, now, proof.fid, proof.custody.toLowerCase(), proof.userName],
  )
  return rows.length > 0
}

/** Takes the completed sign-in once: true for the one caller that may start the session. */
export async function consumeChannel(db: Queryable, hash: string, now: number): Promise<boolean> {
  const rows = await db.query(
    `UPDATE key_server.farcaster_channels SET consumed_at = $2
     WHERE token_hash = $1 AND completed_at IS NOT NULL AND consumed_at IS NULL AND expires_at > $2
     RETURNING 1`,
    [hash, now],
  )
  return rows.length > 0
}
