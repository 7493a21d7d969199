import type { SealedShare } from '@walletframe/protocol'
import type { KeyServerContext } from '../context.ts'

export interface StoredPasskey {
  credentialId: string
  userId: string
  publicKey: Uint8Array<ArrayBuffer>
  counter: number
  transports: string[]
}

export async function savePasskey(
  ctx: KeyServerContext,
  passkey: Omit<StoredPasskey, 'publicKey'> & { publicKey: Uint8Array; deviceShare: SealedShare },
): Promise<boolean> {
  const rows = await ctx.db.query(
    `INSERT INTO key_server.passkeys (credential_id, user_id, public_key, counter, transports,
       device_share_ciphertext, device_share_iv, device_share_salt, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (credential_id) DO NOTHING RETURNING 1`,
    [
      passkey.credentialId,
      passkey.userId,
      Buffer.from(passkey.publicKey).toString('base64url'),
      passkey.counter,
      JSON.stringify(passkey.transports),
      passkey.deviceShare.ciphertext,
      passkey.deviceShare.iv,
      passkey.deviceShare.salt,
      ctx.now(),
    ],
  )
  return rows.length > 0
}

export async function findPasskey(
  ctx: KeyServerContext,
  credentialId: string,
): Promise<StoredPasskey | undefined> {
  const [row] = await ctx.db.query<{
    user_id: string
    public_key: string
    counter: number
    transports: string
  }>('SELECT user_id, public_key, counter, transports FROM key_server.passkeys WHERE credential_id = $1', [
    credentialId,
  ])
  if (!row) return undefined
  return {
    credentialId,
    userId: row.user_id,
    publicKey: new Uint8Array(Buffer.from(row.public_key, 'base64url')),
    counter: row.counter,
    transports: JSON.parse(row.transports) as string[],
  }
}

export async function passkeysOf(
  ctx: KeyServerContext,
  userId: string,
): Promise<Array<{ id: string; transports: string[] }>> {
  const rows = await ctx.db.query<{ credential_id: string; transports: string }>(
    'SELECT credential_id, transports FROM key_server.passkeys WHERE user_id = $1 ORDER BY created_at',
    [userId],
  )
  return rows.map((row) => ({ id: row.credential_id, transports: JSON.parse(row.transports) as string[] }))
}

/** Stores the new signature counter, only forward (a concurrent older assertion cannot lower it). */
export async function recordUse(ctx: KeyServerContext, credentialId: string, counter: number): Promise<void> {
  await ctx.db.query(
    `UPDATE key_server.passkeys SET counter = GREATEST(counter, $2), last_used_at = $3 WHERE credential_id = $1`,
    [credentialId, counter, ctx.now()],
  )
}
