/**
 * Verifies the JWT a WalletConnect client puts in the `auth` query parameter: EdDSA over
 * `b64url(header).b64url(payload)`, signed by the key its `iss` did:key names. That `iss` is the
 * client id the relay uses for "do not echo to the publisher" and for acks.
 */
import { ed25519 } from '@noble/curves/ed25519.js'
import { ed25519PublicKeyFromDidKey } from './did-key.ts'
import { AuthError } from './errors.ts'

export interface VerifiedClient {
  clientId: string
  /** When the token stops being valid, in ms since the epoch. */
  expiresAt: number
}

const BASE64URL = /^[A-Za-z0-9_-]+$/
/** A WalletConnect relay JWT is about 400 characters; anything far longer is refused unread. */
export const MAX_TOKEN_LENGTH = 2048
/** Longest token lifetime accepted by default: the clients' 24 h plus an hour of clock skew. */
export const DEFAULT_MAX_TOKEN_LIFETIME_SECONDS = 25 * 3600

function decodePart(part: string, what: string): Uint8Array {
  if (!BASE64URL.test(part)) throw new AuthError(`malformed JWT: ${what} is not base64url`)
  return Buffer.from(part, 'base64url')
}

function decodeJson(part: string, what: string): Record<string, unknown> {
  let value: unknown
  try {
    value = JSON.parse(Buffer.from(decodePart(part, what)).toString('utf8'))
  } catch (error) {
    if (error instanceof AuthError) throw error
    throw new AuthError(`malformed JWT: ${what} is not JSON`)
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new AuthError(`malformed JWT: ${what} is not an object`)
  }
  return value as Record<string, unknown>
}

/** noble throws on a key that is not a curve point; for the caller that is just a bad signature. */
function verifySignature(signature: Uint8Array, message: Uint8Array, publicKey: Uint8Array): boolean {
  if (signature.length !== 64) return false
  try {
    return ed25519.verify(signature, message, publicKey)
  } catch {
    return false
  }
}

export interface VerifyOptions {
  audience: string
  now?: number
  /** Tokens whose `exp` lies further ahead than this are refused (clients sign their own). */
  maxLifetimeSeconds?: number
}

export function verifyRelayJwt(token: string, options: VerifyOptions): VerifiedClient {
  if (token.length > MAX_TOKEN_LENGTH) {
    throw new AuthError(`malformed JWT: longer than ${MAX_TOKEN_LENGTH} characters`)
  }
  const parts = token.split('.')
  if (parts.length !== 3) throw new AuthError('malformed JWT: expected header.payload.signature')
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string]

  const header = decodeJson(headerPart, 'header')
  if (header.alg !== 'EdDSA') throw new AuthError('JWT alg must be EdDSA')
  const payload = decodeJson(payloadPart, 'payload')
  const { iss, aud, exp } = payload
  if (typeof iss !== 'string') throw new AuthError('JWT iss must be a did:key')

  let publicKey: Uint8Array
  try {
    publicKey = ed25519PublicKeyFromDidKey(iss)
  } catch {
    throw new AuthError('JWT iss must be an ed25519 did:key')
  }
  const signature = decodePart(signaturePart, 'signature')
  const signed = new TextEncoder().encode(`${headerPart}.${payloadPart}`)
  if (!verifySignature(signature, signed, publicKey)) throw new AuthError('JWT signature is invalid')

  // Exact comparison: the audience is the URL the client was configured with, not a pattern.
  if (aud !== options.audience) throw new AuthError(`JWT aud must be ${options.audience}`)
  if (typeof exp !== 'number' || !Number.isFinite(exp)) throw new AuthError('JWT exp is missing')
  const expiresAt = exp * 1000
  const now = options.now ?? Date.now()
  if (expiresAt <= now) throw new AuthError('JWT expired')
  const maxLifetime = options.maxLifetimeSeconds ?? DEFAULT_MAX_TOKEN_LIFETIME_SECONDS
  if (expiresAt - now > maxLifetime * 1000) {
    throw new AuthError(`JWT lifetime too long: exp may be at most ${maxLifetime} s ahead`)
  }
  return { clientId: iss, expiresAt }
}
