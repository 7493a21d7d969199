import { keyServerMessage, TIME } from '@walletframe/protocol'
import type { KeyServerContext } from '../context.ts'
import { KeyServerError } from '../errors.ts'

/**
 * Spec §5: a new email login for an address from one device (browser) is refused for
 * TIME.emailLoginCooldownMs after the last one, with "Please try again after {n} seconds", n the
 * remaining seconds rounded up. One atomic upsert decides, so two simultaneous logins cannot both pass.
 * Returns the undo for a login that mailed nothing: the row goes back to what it was.
 */
export async function claimEmailLogin(
  ctx: KeyServerContext,
  email: string,
  deviceId: string,
): Promise<() => Promise<void>> {
  const now = ctx.now()
  // The CTE reads the row as it was before this statement (one snapshot for the whole statement).
  const [claimed] = await ctx.db.query<{ prior_at: number | null }>(
    `WITH prior AS (
       SELECT last_at FROM key_server.email_cooldowns WHERE email = $1 AND device_id = $2
     )
     INSERT INTO key_server.email_cooldowns (email, device_id, last_at) VALUES ($1, $2, $3)
     ON CONFLICT (email, device_id) DO UPDATE SET last_at = EXCLUDED.last_at
     WHERE key_server.email_cooldowns.last_at <= $4 RETURNING (SELECT last_at FROM prior) AS prior_at`,
    [email, deviceId, now, now - TIME.emailLoginCooldownMs],
  )
  if (claimed) {
    const prior = claimed.prior_at
    // Only this claim's own row: a newer claim (last_at moved on) is left alone.
    return async () => {
      await ctx.db.query(
        prior === null
          ? 'DELETE FROM key_server.email_cooldowns WHERE email = $1 AND device_id = $2 AND last_at = $3'
          : 'UPDATE key_server.email_cooldowns SET last_at = $4 WHERE email = $1 AND device_id = $2 AND last_at = $3',
        prior === null ? [email, deviceId, now] : [email, deviceId, now, prior],
      )
    }
  }
  const [row] = await ctx.db.query<{ last_at: number }>(
    'SELECT last_at FROM key_server.email_cooldowns WHERE email = $1 AND device_id = $2',
    [email, deviceId],
  )
  const seconds = Math.max(1, Math.ceil(((row?.last_at ?? now) + TIME.emailLoginCooldownMs - now) / 1000))
  throw new KeyServerError('emailCooldown', {
    message: keyServerMessage('emailCooldown', seconds),
    retryAfterSeconds: seconds,
  })
}
