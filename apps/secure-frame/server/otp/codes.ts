/**
 * One-time email codes (spec §5, §9; docs/embedded-wallet.md): six uniform random digits, good for
 * TIME.otpLifetimeMs and once; the KEY_SERVER_LIMITS.otpMaxWrongTries-th wrong try locks the code
 * for good (even the right code is refused after that; a new one must be requested). Only an HMAC
 * of the code is stored, compared in constant time.
 */
import { KEY_SERVER_LIMITS, keyServerMessage, TIME } from '@walletframe/protocol'
import type { KeyServerContext } from '../context.ts'
import { codeHash, randomCode, sameDigest } from '../crypto/secrets.ts'
import { KeyServerError } from '../errors.ts'

export type CodePurpose = 'login' | 'email_primary' | 'email_secondary'

export interface CodeClaims {
  email: string
  projectId: string | null
  newEmail: string | null
}

/** The step and subject a code is bound to: a code for one cannot pass for another. */
const hashContext = (purpose: CodePurpose, subject: string) => `${purpose}\n${subject}`

/** A fresh code, not yet stored: mailed first, then stored (mail-code.ts). */
export const newCode = (): string => randomCode(KEY_SERVER_LIMITS.otpDigits)

/** Stores `code` for `purpose` and `subject`, replacing any pending one. */
export async function storeCode(
  ctx: KeyServerContext,
  purpose: CodePurpose,
  subject: string,
  claims: CodeClaims,
  code: string,
): Promise<void> {
  const now = ctx.now()
  await ctx.db.query(
    `INSERT INTO key_server.otp_codes
       (purpose, subject, email, project_id, new_email, code_hash, wrong_tries, expires_at, consumed_at, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, 0, $7, NULL, $8)
     ON CONFLICT (purpose, subject) DO UPDATE SET
       email = EXCLUDED.email, project_id = EXCLUDED.project_id, new_email = EXCLUDED.new_email,
       code_hash = EXCLUDED.code_hash, wrong_tries = 0, expires_at = EXCLUDED.expires_at,
       consumed_at = NULL, created_at = EXCLUDED.created_at`,
    [
      purpose,
      subject,
      claims.email,
      claims.projectId,
      claims.newEmail,
      codeHash(ctx.keys, hashContext(purpose, subject), code),
      now + TIME.otpLifetimeMs,
      now,
    ],
  )
}

interface CodeRow {
  email: string
  project_id: string | null
  new_email: string | null
  code_hash: string
  wrong_tries: number
  expires_at: number
}

/** Checks `otp` against the pending code; consumes it on success, counts a wrong try otherwise. */
export async function verifyCode(
  ctx: KeyServerContext,
  purpose: CodePurpose,
  subject: string,
  otp: string,
): Promise<CodeClaims> {
  const [row] = await ctx.db.query<CodeRow>(
    `SELECT email, project_id, new_email, code_hash, wrong_tries, expires_at FROM key_server.otp_codes
     WHERE purpose = $1 AND subject = $2 AND consumed_at IS NULL`,
    [purpose, subject],
  )
  if (!row) throw new KeyServerError('otpNotPending')
  if (row.wrong_tries >= KEY_SERVER_LIMITS.otpMaxWrongTries) throw new KeyServerError('otpLocked')
  const now = ctx.now()
  if (now >= row.expires_at) throw new KeyServerError('otpExpired')
  const matches = sameDigest(codeHash(ctx.keys, hashContext(purpose, subject), otp), row.code_hash)
  if (matches) {
    // Single use even against a concurrent request with the same code: only one UPDATE wins.
    const [consumed] = await ctx.db.query(
      `UPDATE key_server.otp_codes SET consumed_at = $3
       WHERE purpose = $1 AND subject = $2 AND consumed_at IS NULL AND code_hash = $4 AND wrong_tries < $5
       RETURNING 1`,
      [purpose, subject, now, row.code_hash, KEY_SERVER_LIMITS.otpMaxWrongTries],
    )
    if (!consumed) throw new KeyServerError('otpNotPending')
    return { email: row.email, projectId: row.project_id, newEmail: row.new_email }
  }
  const [counted] = await ctx.db.query<{ wrong_tries: number }>(
    `UPDATE key_server.otp_codes SET wrong_tries = wrong_tries + 1
     WHERE purpose = $1 AND subject = $2 AND consumed_at IS NULL AND code_hash = $3 RETURNING wrong_tries`,
    [purpose, subject, row.code_hash],
  )
  if (!counted) throw new KeyServerError('otpNotPending')
  const left = KEY_SERVER_LIMITS.otpMaxWrongTries - counted.wrong_tries
  if (left <= 0) throw new KeyServerError('otpLocked')
  throw new KeyServerError('otpInvalid', { message: keyServerMessage('otpInvalid', left) })
}
