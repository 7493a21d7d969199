/**
 * The key window's device keys (docs/embedded-wallet.md "Key window"): stored public keys, and the
 * check of a window's signature over a single-use challenge.
 */
import { webcrypto } from 'node:crypto'
import { type DeviceKeyJwk, DeviceKeyJwkSchema, KEY_WINDOW_ASSERTION_PREFIX } from '@walletframe/protocol'
import type { KeyServerContext } from '../context.ts'

export async function saveDeviceKey(
  ctx: KeyServerContext,
  key: { credentialId: string; userId: string; publicKey: DeviceKeyJwk },
): Promise<boolean> {
  const rows = await ctx.db.query(
    `INSERT INTO key_server.device_keys (credential_id, user_id, public_key_jwk, created_at)
     VALUES ($1, $2, $3, $4) ON CONFLICT (credential_id) DO NOTHING RETURNING 1`,
    [key.credentialId, key.userId, JSON.stringify(key.publicKey), ctx.now()],
  )
  return rows.length > 0
}

/**
 * Whether `signature` is the device key's ECDSA P-256 / SHA-256 signature (IEEE P1363, as WebCrypto
 * writes it) over KEY_WINDOW_ASSERTION_PREFIX + challenge, the key being the user's own.
 */
export async function verifyDeviceKey(
  ctx: KeyServerContext,
  assertion: { userId: string; credentialId: string; challenge: string; signature: string },
): Promise<boolean> {
  const [row] = await ctx.db.query<{ public_key_jwk: string }>(
    'SELECT public_key_jwk FROM key_server.device_keys WHERE credential_id = $1 AND user_id = $2',
    [assertion.credentialId, assertion.userId],
  )
  if (!row) return false
  const jwk = DeviceKeyJwkSchema.parse(JSON.parse(row.public_key_jwk))
  const key = await webcrypto.subtle.importKey('jwk', jwk, { name: 'ECDSA', namedCurve: 'P-256' }, false, [
    'verify',
  ])
  const signed = new TextEncoder().encode(KEY_WINDOW_ASSERTION_PREFIX + assertion.challenge)
  const valid = await webcrypto.subtle.verify(
    { name: 'ECDSA', hash: 'SHA-256' },
    key,
    Buffer.from(assertion.signature, 'base64url'),
    signed,
  )
  if (valid)
    await ctx.db.query('UPDATE key_server.device_keys SET last_used_at = $2 WHERE credential_id = $1', [
      assertion.credentialId,
      ctx.now(),
    ])
  return valid
}
