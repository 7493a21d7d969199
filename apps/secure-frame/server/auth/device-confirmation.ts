/**
 * Device confirmation (spec §7 "connect email" → VERIFY_DEVICE, "connect device"): a known user on
 * an unknown browser first opens a mailed link; the waiting key frame then gets its email code.
 * Links are single use and expire after TIME.deviceConfirmationLifetimeMs; only their hash is kept.
 */
import { KEY_SERVER_PATHS, TIME } from '@walletframe/protocol'
import type { KeyServerContext } from '../context.ts'
import { randomToken, tokenHash } from '../crypto/secrets.ts'
import { longPoll } from '../long-poll.ts'

/**
 * Mails a new confirmation link for the device (`mail`), then stores it: a link that could not be
 * mailed leaves no row behind.
 */
export async function mailConfirmation(
  ctx: KeyServerContext,
  login: { deviceId: string; email: string; projectId: string },
  mail: (link: string) => Promise<void>,
): Promise<void> {
  const token = randomToken()
  await mail(`${ctx.config.origin}${KEY_SERVER_PATHS.deviceConfirm}?token=${token}`)
  const now = ctx.now()
  await ctx.db.query(
    `INSERT INTO key_server.device_confirmations (token_hash, device_id, email, project_id, expires_at, created_at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [
      tokenHash(token),
      login.deviceId,
      login.email,
      login.projectId,
      now + TIME.deviceConfirmationLifetimeMs,
      now,
    ],
  )
}

/** Marks the link's confirmation as confirmed; false when the token is unknown, used or expired. */
export async function confirmDevice(ctx: KeyServerContext, token: string): Promise<boolean> {
  const [row] = await ctx.db.query<{ device_id: string }>(
    `UPDATE key_server.device_confirmations SET confirmed_at = $2
     WHERE token_hash = $1 AND confirmed_at IS NULL AND expires_at > $2 RETURNING device_id`,
    [tokenHash(token), ctx.now()],
  )
  if (row) ctx.deviceConfirmed.dispatchEvent(new Event(row.device_id))
  return row !== undefined
}

export interface PendingConfirmation {
  tokenHash: string
  email: string
  projectId: string
  confirmed: boolean
  /** The code was mailed already (an earlier wait saw the confirmation). */
  consumed: boolean
}

/** The device's latest confirmation that is still usable: unexpired, or confirmed. */
export async function latestConfirmation(
  ctx: KeyServerContext,
  deviceId: string,
): Promise<PendingConfirmation | undefined> {
  const [row] = await ctx.db.query<{
    token_hash: string
    email: string
    project_id: string
    confirmed_at: number | null
    consumed_at: number | null
  }>(
    `SELECT token_hash, email, project_id, confirmed_at, consumed_at FROM key_server.device_confirmations
     WHERE device_id = $1 AND (expires_at > $2 OR confirmed_at IS NOT NULL)
     ORDER BY created_at DESC LIMIT 1`,
    [deviceId, ctx.now()],
  )
  if (!row) return undefined
  return {
    tokenHash: row.token_hash,
    email: row.email,
    projectId: row.project_id,
    confirmed: row.confirmed_at !== null,
    consumed: row.consumed_at !== null,
  }
}

/** Claims a confirmed confirmation once: true for the one caller that should mail the code. */
export async function consumeConfirmation(ctx: KeyServerContext, hash: string): Promise<boolean> {
  const rows = await ctx.db.query(
    `UPDATE key_server.device_confirmations SET consumed_at = $2
     WHERE token_hash = $1 AND confirmed_at IS NOT NULL AND consumed_at IS NULL RETURNING 1`,
    [hash, ctx.now()],
  )
  return rows.length > 0
}

/**
 * Waits until the device's confirmation is confirmed or `ms` have passed (the long-poll of
 * "connect device"). Same-process confirmations wake it at once.
 */
export function waitForConfirmation(
  ctx: KeyServerContext,
  deviceId: string,
  ms: number,
  signal: AbortSignal,
): Promise<PendingConfirmation | undefined> {
  return longPoll({
    events: ctx.deviceConfirmed,
    key: deviceId,
    ms,
    signal,
    read: () => latestConfirmation(ctx, deviceId),
    done: (pending) => !pending || pending.confirmed,
  })
}
