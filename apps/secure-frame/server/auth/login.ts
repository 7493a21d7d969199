import { keyServerMessage, TIME } from '@walletframe/protocol'
import type { KeyServerContext } from '../context.ts'
import { KeyServerError } from '../errors.ts'

/**
 * Spec §5: a new email login for an address from one device (browser) is refused for
 * TIME.emailLoginCooldownMs after the last one, with "Please try again after {n} seconds", n the
 * remaining seconds rounded up. One atomic upsert decides, so two simultaneous logins cannot both pass.
 */
export async function claimEmailLogin(ctx: KeyServerContext, email: string, deviceId: string): Promise<void> {
  const now = ctx.now()
  const [claimed] = await ctx.db.query(
    `INSERT INTO key_server.email_cooldowns (email, device_id, last_at) VALUES ($1, $2, $3)
     ON CONFLICT (email, device_id) DO UPDATE SET last_at = EXCLUDED.last_at
     WHERE key_server.email_cooldowns.last_at <= $4 RETURNING 1`,
    [email, deviceId, now, now - TIME.emailLoginCooldownMs],
  )
  if (claimed) return
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
