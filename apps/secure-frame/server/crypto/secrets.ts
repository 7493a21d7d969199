/**
 * The key server's own secrets (docs/embedded-wallet.md "Custody"). One 32-byte server secret is
 * split by HKDF into a key that encrypts auth shares at rest and a key that hashes one-time codes,
 * so neither use can stand in for the other.
 */
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from 'node:crypto'

export interface ServerKeys {
  /** AES-256-GCM key of stored auth shares. */
  readonly shareKey: Buffer
  /** HMAC-SHA-256 key of stored one-time codes. */
  readonly codeKey: Buffer
  /** AES-256-GCM key of the PKCE verifiers of social-login attempts (social/attempts.ts). */
  readonly socialKey: Buffer
}

export function deriveServerKeys(secretHex: string): ServerKeys {
  const secret = Buffer.from(secretHex, 'hex')
  const derive = (info: string) => Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), info, 32))
  return {
    shareKey: derive('walletframe/key-server/auth-share'),
    codeKey: derive('walletframe/key-server/otp'),
    socialKey: derive('walletframe/key-server/social-verifier'),
  }
}

export interface SealedBytes {
  iv: string
  /** Ciphertext followed by the 16-byte GCM tag, base64. */
  sealed: string
}

const IV_BYTES = 12
const TAG_BYTES = 16

/** AES-256-GCM with a fresh random 96-bit IV each time; `aad` binds the ciphertext to its owner. */
export function seal(key: Buffer, plaintext: Buffer, aad: string): SealedBytes {
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  cipher.setAAD(Buffer.from(aad, 'utf8'))
  const body = Buffer.concat([cipher.update(plaintext), cipher.final(), cipher.getAuthTag()])
  return { iv: iv.toString('base64'), sealed: body.toString('base64') }
}

/** Opens `seal`'s output; throws when the key, the IV, the AAD or a byte differs. */
export function open(key: Buffer, box: SealedBytes, aad: string): Buffer {
  const body = Buffer.from(box.sealed, 'base64')
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(box.iv, 'base64'))
  decipher.setAAD(Buffer.from(aad, 'utf8'))
  decipher.setAuthTag(body.subarray(body.length - TAG_BYTES))
  return Buffer.concat([decipher.update(body.subarray(0, body.length - TAG_BYTES)), decipher.final()])
}

/** A random token for cookies and links: 32 bytes, base64url. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url')
}

/** How a bearer token is stored: its SHA-256 (the token has 256 random bits, so no key is needed). */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex')
}

/** A uniform code of `digits` decimal digits, leading zeros kept (randomInt has no modulo bias). */
export function randomCode(digits: number): string {
  return String(randomInt(0, 10 ** digits)).padStart(digits, '0')
}

/** How a one-time code is stored: HMAC-SHA-256 under the code key, bound to its step and subject. */
export function codeHash(keys: ServerKeys, context: string, code: string): string {
  return createHmac('sha256', keys.codeKey).update(`${context}\n${code}`, 'utf8').digest('hex')
}

/** Compares two hex digests in constant time. */
export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex')
  const right = Buffer.from(b, 'hex')
  return left.length === right.length && timingSafeEqual(left, right)
}
