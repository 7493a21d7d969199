/**
 * Social-login attempts: one per "get social redirect uri", bound to the browser's device cookie
 * and the project, good for SOCIAL_LOGIN_LIMITS.attemptLifetimeMs and once. Only the state's
 * SHA-256 is kept; the PKCE verifier is sealed under the server's social key with the state's hash
 * as AAD (a verifier copied to another attempt will not open).
 */
import { SOCIAL_LOGIN_LIMITS, type SocialLoginProvider } from '@walletframe/protocol'
import type { KeyServerContext } from '../context.ts'
import { open, randomToken, seal, tokenHash } from '../crypto/secrets.ts'
import { KeyServerError } from '../errors.ts'
import { newVerifier } from './oauth-client.ts'

export interface NewAttempt {
  state: string
  verifier: string
  nonce?: string | undefined
}

export interface Attempt {
  provider: SocialLoginProvider
  projectId: string
  modalOrigin: string
  verifier: string
  nonce: string | null
}

interface AttemptRow {
  provider: SocialLoginProvider
  project_id: string
  modal_origin: string
  verifier_iv: string
  verifier_sealed: string
  nonce: string | null
  device_id: string
  expires_at: number
  consumed_at: number | null
}

export const verifierAad = (stateHash: string) => `walletframe/social-verifier/${stateHash}`

export async function createAttempt(
  ctx: KeyServerContext,
  start: {
    provider: SocialLoginProvider
    deviceId: string
    projectId: string
    modalOrigin: string
    oidc: boolean
  },
): Promise<NewAttempt> {
  const state = randomToken()
  const verifier = newVerifier()
  const nonce = start.oidc ? randomToken() : undefined
  const hash = tokenHash(state)
  const box = seal(ctx.keys.socialKey, Buffer.from(verifier, 'utf8'), verifierAad(hash))
  const now = ctx.now()
  // Attempts long past their expiry are of no use to anyone: each start sweeps a few.
  await ctx.db.query(
    `DELETE FROM key_server.social_attempts WHERE state_hash IN (
       SELECT state_hash FROM key_server.social_attempts WHERE expires_at < $1 LIMIT 100)`,
    [now - SOCIAL_LOGIN_LIMITS.attemptLifetimeMs],
  )
  await ctx.db.query(
    `INSERT INTO key_server.social_attempts (state_hash, provider, device_id, project_id, modal_origin,
       verifier_iv, verifier_sealed, nonce, expires_at, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      hash,
      start.provider,
      start.deviceId,
      start.projectId,
      start.modalOrigin,
      box.iv,
      box.sealed,
      nonce ?? null,
      now + SOCIAL_LOGIN_LIMITS.attemptLifetimeMs,
      now,
    ],
  )
  return { state, verifier, ...(nonce ? { nonce } : {}) }
}

/** The modal origin of an unused, unexpired attempt: where the callback page may post. */
export async function callbackTarget(ctx: KeyServerContext, state: string): Promise<string | undefined> {
  const [row] = await ctx.db.query<{ modal_origin: string }>(
    `SELECT modal_origin FROM key_server.social_attempts
     WHERE state_hash = $1 AND consumed_at IS NULL AND expires_at > $2`,
    [tokenHash(state), ctx.now()],
  )
  return row?.modal_origin
}

/**
 * Takes the attempt of `state` for this device, once. An attempt of another device is as unknown
 * as a made-up state (and stays usable by its own device); a used one and an expired one say so.
 */
export async function takeAttempt(ctx: KeyServerContext, state: string, deviceId: string): Promise<Attempt> {
  const hash = tokenHash(state)
  const now = ctx.now()
  const [row] = await ctx.db.query<AttemptRow>(
    `UPDATE key_server.social_attempts SET consumed_at = $3
     WHERE state_hash = $1 AND device_id = $2 AND consumed_at IS NULL AND expires_at > $3
     RETURNING provider, project_id, modal_origin, verifier_iv, verifier_sealed, nonce, device_id, expires_at, consumed_at`,
    [hash, deviceId, now],
  )
  if (!row) {
    const [known] = await ctx.db.query<Pick<AttemptRow, 'consumed_at' | 'expires_at'>>(
      'SELECT consumed_at, expires_at FROM key_server.social_attempts WHERE state_hash = $1 AND device_id = $2',
      [hash, deviceId],
    )
    if (known && known.consumed_at === null && known.expires_at <= now)
      throw new KeyServerError('socialAttemptExpired')
    throw new KeyServerError('socialAttemptInvalid')
  }
  const verifier = open(
    ctx.keys.socialKey,
    { iv: row.verifier_iv, sealed: row.verifier_sealed },
    verifierAad(hash),
  ).toString('utf8')
  return {
    provider: row.provider,
    projectId: row.project_id,
    modalOrigin: row.modal_origin,
    verifier,
    nonce: row.nonce,
  }
}

export const answerAad = (stateHash: string) => `walletframe/social-answer/${stateHash}`

/**
 * A cut-off window's callback page leaves the answer on its live attempt; the first one stays.
 * False when the state names no live attempt (unknown, used, expired) or one already answered.
 */
export async function leaveAnswer(ctx: KeyServerContext, state: string, uri: string): Promise<boolean> {
  const hash = tokenHash(state)
  const box = seal(ctx.keys.socialKey, Buffer.from(uri, 'utf8'), answerAad(hash))
  const rows = await ctx.db.query(
    `UPDATE key_server.social_attempts SET answer_iv = $2, answer_sealed = $3
     WHERE state_hash = $1 AND answer_sealed IS NULL AND consumed_at IS NULL AND expires_at > $4
     RETURNING state_hash`,
    [hash, box.iv, box.sealed, ctx.now()],
  )
  return rows.length === 1
}

/**
 * The answer left on this device's attempt: `pending` while none is, undefined when the attempt is
 * unknown to this device, used or expired.
 */
export async function leftAnswer(
  ctx: KeyServerContext,
  state: string,
  deviceId: string,
): Promise<{ uri: string } | 'pending' | undefined> {
  const hash = tokenHash(state)
  const [row] = await ctx.db.query<{ answer_iv: string | null; answer_sealed: string | null }>(
    `SELECT answer_iv, answer_sealed FROM key_server.social_attempts
     WHERE state_hash = $1 AND device_id = $2 AND consumed_at IS NULL AND expires_at > $3`,
    [hash, deviceId, ctx.now()],
  )
  if (!row) return undefined
  if (row.answer_iv === null || row.answer_sealed === null) return 'pending'
  const uri = open(ctx.keys.socialKey, { iv: row.answer_iv, sealed: row.answer_sealed }, answerAad(hash))
  return { uri: uri.toString('utf8') }
}
