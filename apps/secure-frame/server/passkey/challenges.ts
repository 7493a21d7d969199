import { TIME } from '@walletframe/protocol'
import type { KeyServerContext } from '../context.ts'
import { randomToken } from '../crypto/secrets.ts'

export type ChallengePurpose = 'register' | 'assert' | 'key-window'

/** A new WebAuthn challenge (32 random bytes, base64url), stored for TIME.passkeyChallengeLifetimeMs. */
export async function createChallenge(
  ctx: KeyServerContext,
  purpose: ChallengePurpose,
  userId: string | null,
): Promise<string> {
  const challenge = randomToken()
  const now = ctx.now()
  // Expired challenges of anyone go with each new one, so the table holds only live ones.
  await ctx.db.query('DELETE FROM key_server.webauthn_challenges WHERE expires_at <= $1', [now])
  await ctx.db.query(
    'INSERT INTO key_server.webauthn_challenges (challenge, purpose, user_id, expires_at) VALUES ($1, $2, $3, $4)',
    [challenge, purpose, userId, now + TIME.passkeyChallengeLifetimeMs],
  )
  return challenge
}

/**
 * Takes the challenge out of the store (single use: a replay finds nothing) and returns the user it
 * was issued for (null: anyone), or undefined when it is unknown, used, expired or for another purpose.
 */
export async function takeChallenge(
  ctx: KeyServerContext,
  purpose: ChallengePurpose,
  challenge: string,
): Promise<{ userId: string | null } | undefined> {
  const [row] = await ctx.db.query<{ user_id: string | null; expires_at: number }>(
    `DELETE FROM key_server.webauthn_challenges WHERE challenge = $1 AND purpose = $2
     RETURNING user_id, expires_at`,
    [challenge, purpose],
  )
  if (!row || row.expires_at <= ctx.now()) return undefined
  return { userId: row.user_id }
}
