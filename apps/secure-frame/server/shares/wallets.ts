/**
 * Stored shares (docs/embedded-wallet.md "Custody"). The auth share is kept AES-256-GCM encrypted
 * under the server's share key with the user id as AAD (a row copied to another user will not
 * open); the recovery and device shares are the key frame's ciphertexts, stored as given. The
 * database alone therefore holds no share in clear, and never two shares the server can open.
 */
import type { DeviceShare, SealedShare, WalletShares } from '@walletframe/protocol'
import type { KeyServerContext } from '../context.ts'
import { open, seal } from '../crypto/secrets.ts'
import { KeyServerError } from '../errors.ts'

interface WalletRow {
  address: string
  auth_share_iv: string
  auth_share_sealed: string
  recovery_ciphertext: string
  recovery_iv: string
  recovery_salt: string
}

export interface StoredWallet {
  address: string
  authShare: string
  recovery: SealedShare
}

const authShareAad = (userId: string) => `walletframe/auth-share/${userId}`

export async function createWallet(
  ctx: KeyServerContext,
  userId: string,
  wallet: { address: string; authShare: string; recovery: SealedShare; solanaAddress?: string | undefined },
): Promise<void> {
  const address = wallet.address.toLowerCase()
  const box = seal(ctx.keys.shareKey, Buffer.from(wallet.authShare, 'base64'), authShareAad(userId))
  const [inserted] = await ctx.db.query(
    `INSERT INTO key_server.wallets (user_id, address, auth_share_iv, auth_share_sealed,
       recovery_ciphertext, recovery_iv, recovery_salt, created_at, solana_address)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT DO NOTHING RETURNING user_id`,
    [
      userId,
      address,
      box.iv,
      box.sealed,
      wallet.recovery.ciphertext,
      wallet.recovery.iv,
      wallet.recovery.salt,
      ctx.now(),
      wallet.solanaAddress ?? null,
    ],
  )
  if (inserted) return
  const [mine] = await ctx.db.query('SELECT 1 FROM key_server.wallets WHERE user_id = $1', [userId])
  throw new KeyServerError(mine ? 'walletExists' : 'addressTaken')
}

/** The user's wallet with the auth share decrypted, or undefined when there is none yet. */
export async function loadWallet(ctx: KeyServerContext, userId: string): Promise<StoredWallet | undefined> {
  const [row] = await ctx.db.query<WalletRow>(
    `SELECT address, auth_share_iv, auth_share_sealed, recovery_ciphertext, recovery_iv, recovery_salt
     FROM key_server.wallets WHERE user_id = $1`,
    [userId],
  )
  if (!row) return undefined
  const authShare = open(
    ctx.keys.shareKey,
    { iv: row.auth_share_iv, sealed: row.auth_share_sealed },
    authShareAad(userId),
  )
  return {
    address: row.address,
    authShare: authShare.toString('base64'),
    recovery: { ciphertext: row.recovery_ciphertext, iv: row.recovery_iv, salt: row.recovery_salt },
  }
}

export async function walletAddress(ctx: KeyServerContext, userId: string): Promise<string | undefined> {
  return (await walletAddresses(ctx, userId))?.address
}

/** The wallet's EVM address and, once remembered, its Solana address (issue 15). */
export async function walletAddresses(
  ctx: KeyServerContext,
  userId: string,
): Promise<{ address: string; solanaAddress?: string } | undefined> {
  const [row] = await ctx.db.query<{ address: string; solana_address: string | null }>(
    'SELECT address, solana_address FROM key_server.wallets WHERE user_id = $1',
    [userId],
  )
  if (!row) return undefined
  return { address: row.address, ...(row.solana_address ? { solanaAddress: row.solana_address } : {}) }
}

/**
 * Remembers the Solana address of a wallet made before the server did (the key frame derives it
 * from the unlocked key). Set once: the same address again is fine, another one is refused.
 */
export async function rememberSolanaAddress(
  ctx: KeyServerContext,
  userId: string,
  solanaAddress: string,
): Promise<void> {
  await ctx.db.query(
    `UPDATE key_server.wallets SET solana_address = $2 WHERE user_id = $1 AND solana_address IS NULL
       AND NOT EXISTS (SELECT 1 FROM key_server.wallets WHERE solana_address = $2)`,
    [userId, solanaAddress],
  )
  const stored = await walletAddresses(ctx, userId)
  if (!stored) throw new KeyServerError('walletNotFound')
  if (stored.solanaAddress === solanaAddress) return
  throw new KeyServerError(stored.solanaAddress ? 'solanaAddressMismatch' : 'addressTaken')
}

/** The sealed device shares of the user's passkeys (one per passkey), oldest first. */
export async function deviceShares(
  ctx: KeyServerContext,
  userId: string,
  credentialId?: string,
): Promise<DeviceShare[]> {
  const rows = await ctx.db.query<{ credential_id: string; ciphertext: string; iv: string; salt: string }>(
    `SELECT credential_id, device_share_ciphertext AS ciphertext, device_share_iv AS iv, device_share_salt AS salt
     FROM key_server.passkeys WHERE user_id = $1 AND ($2::text IS NULL OR credential_id = $2)
     ORDER BY created_at, credential_id`,
    [userId, credentialId ?? null],
  )
  return rows.map((row) => ({
    credentialId: row.credential_id,
    ciphertext: row.ciphertext,
    iv: row.iv,
    salt: row.salt,
  }))
}

/** The key windows' device keys of the user (docs/embedded-wallet.md "Key window"), oldest first. */
export async function deviceKeyIdsOf(ctx: KeyServerContext, userId: string): Promise<string[]> {
  const rows = await ctx.db.query<{ credential_id: string }>(
    'SELECT credential_id FROM key_server.device_keys WHERE user_id = $1 ORDER BY created_at, credential_id',
    [userId],
  )
  return rows.map((row) => row.credential_id)
}

/** What a fresh login releases: the auth share and every sealed share (spec §7 "connect otp"). */
export async function releaseShares(
  ctx: KeyServerContext,
  userId: string,
): Promise<WalletShares | undefined> {
  const wallet = await loadWallet(ctx, userId)
  if (!wallet) return undefined
  const addresses = await walletAddresses(ctx, userId)
  return {
    address: wallet.address,
    ...(addresses?.solanaAddress ? { solanaAddress: addresses.solanaAddress } : {}),
    authShare: wallet.authShare,
    deviceShares: await deviceShares(ctx, userId),
    deviceKeyIds: await deviceKeyIdsOf(ctx, userId),
    hasRecovery: true,
  }
}
