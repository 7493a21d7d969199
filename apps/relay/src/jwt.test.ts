import { ed25519 } from '@noble/curves/ed25519.js'
import { describe, expect, it } from 'vitest'
import { decodeBase58, encodeBase58 } from './base58.ts'
import { didKeyFromEd25519PublicKey, ed25519PublicKeyFromDidKey } from './did-key.ts'
import { AuthError } from './errors.ts'
import { verifyRelayJwt } from './jwt.ts'
import { createIdentity } from './testing/identity.ts'

const AUD = 'ws://127.0.0.1:5175'

/** Signs arbitrary header and payload text, to build tokens a well-behaved client never would. */
function signRaw(header: unknown, payload: unknown, secretKey = ed25519.utils.randomSecretKey()) {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
  const signed = `${part(header)}.${part(payload)}`
  const signature = ed25519.sign(new TextEncoder().encode(signed), secretKey)
  return `${signed}.${Buffer.from(signature).toString('base64url')}`
}

const refusal = (token: string, now?: number) => {
  try {
    verifyRelayJwt(token, { audience: AUD, now })
  } catch (error) {
    expect(error).toBeInstanceOf(AuthError)
    return (error as Error).message
  }
  throw new Error('token was accepted')
}

describe('base58 and did:key', () => {
  it('round-trips bytes, including leading zeros', () => {
    const bytes = Uint8Array.from([0, 0, 1, 2, 255, 254, 0, 7])
    expect(decodeBase58(encodeBase58(bytes), bytes.length)).toEqual(bytes)
    expect(() => decodeBase58(encodeBase58(bytes), bytes.length - 1)).toThrow()
    expect(() => decodeBase58(encodeBase58(bytes), bytes.length + 1)).toThrow('is not 9 bytes long')
    expect(encodeBase58(new TextEncoder().encode('hello world'))).toBe('StV1DL6CwTryKyV')
  })

  it('decodes the ed25519 did:key of a known key (W3C did:key test vector)', () => {
    const did = 'did:key:z6MkiTBz1ymuepAQ4HEHYSF1H8quG5GLVVQR3djdX3mDooWp'
    const key = ed25519PublicKeyFromDidKey(did)
    expect(key).toHaveLength(32)
    expect(didKeyFromEd25519PublicKey(key)).toBe(did)
  })

  it('refuses other key types and non-base58 text', () => {
    // A secp256k1 did:key (multicodec 0xe7).
    expect(() =>
      ed25519PublicKeyFromDidKey('did:key:zQ3shokFTS3brHcDQrn82RUDfCZESWL1ZdCEJwekUDPQiYBme'),
    ).toThrow('not an ed25519 did:key')
    expect(() => ed25519PublicKeyFromDidKey('did:key:z0OIl')).toThrow('not an ed25519 did:key')
    expect(() => decodeBase58('0OIl', 4)).toThrow('not base58')
  })

  it('refuses oversized input before decoding, in time linear in its length', () => {
    const huge = `did:key:z6Mk${'z'.repeat(11_000)}`
    const started = performance.now()
    for (let i = 0; i < 1000; i++) expect(() => ed25519PublicKeyFromDidKey(huge)).toThrow()
    expect(() => decodeBase58('z'.repeat(11_000), 34)).toThrow('too long')
    // 1,000 refusals of an 11,000-character iss: well under a millisecond each.
    expect(performance.now() - started).toBeLessThan(200)
  })
})

describe('verifyRelayJwt', () => {
  it('accepts a valid token and returns its iss as the client id', () => {
    const identity = createIdentity()
    const verified = verifyRelayJwt(identity.token(AUD), { audience: AUD })
    expect(verified.clientId).toBe(identity.clientId)
    expect(verified.clientId).toMatch(/^did:key:z6Mk/)
    expect(verified.expiresAt).toBeGreaterThan(Date.now())
  })

  it('refuses a token whose signature does not match its iss', () => {
    const signer = createIdentity()
    const other = createIdentity()
    const [header, payload, signature] = signer.token(AUD).split('.')
    const forgedPayload = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), iss: other.clientId }),
    ).toString('base64url')
    expect(refusal(`${header}.${forgedPayload}.${signature}`)).toBe('JWT signature is invalid')
    // A flipped signature byte.
    const bytes = Buffer.from(signature!, 'base64url')
    bytes[0]! ^= 1
    expect(refusal(`${header}.${payload}.${bytes.toString('base64url')}`)).toBe('JWT signature is invalid')
  })

  it('refuses an expired token, judged against the given clock', () => {
    const identity = createIdentity()
    const exp = Math.floor(Date.now() / 1000) + 60
    const token = identity.token(AUD, { exp })
    expect(verifyRelayJwt(token, { audience: AUD, now: (exp - 1) * 1000 }).clientId).toBe(identity.clientId)
    expect(refusal(token, exp * 1000)).toBe('JWT expired')
    expect(refusal(identity.token(AUD, { exp: undefined }))).toBe('JWT exp is missing')
  })

  it('refuses a token that lives longer than the cap, and one too long to read', () => {
    const identity = createIdentity()
    const now = Date.now()
    const exp = Math.floor(now / 1000) + 30 * 86_400
    expect(refusal(identity.token(AUD, { exp }), now)).toMatch(/JWT lifetime too long/)
    const short = identity.token(AUD, { exp: Math.floor(now / 1000) + 60 })
    expect(() => verifyRelayJwt(short, { audience: AUD, now, maxLifetimeSeconds: 30 })).toThrow(
      'JWT lifetime too long: exp may be at most 30 s ahead',
    )
    const iss = `did:key:z6Mk${'a'.repeat(11_000)}`
    expect(refusal(signRaw({ alg: 'EdDSA' }, { iss, aud: AUD, exp }))).toBe(
      'malformed JWT: longer than 2048 characters',
    )
  })

  it('refuses a token for another relay, even one differing only by a trailing slash', () => {
    const identity = createIdentity()
    expect(refusal(identity.token('ws://127.0.0.1:9999'))).toBe(`JWT aud must be ${AUD}`)
    expect(refusal(identity.token(`${AUD}/`))).toBe(`JWT aud must be ${AUD}`)
  })

  it('refuses malformed tokens with a reason', () => {
    expect(refusal('')).toMatch(/^malformed JWT/)
    expect(refusal('a.b')).toBe('malformed JWT: expected header.payload.signature')
    expect(refusal('!!.e30.e30')).toBe('malformed JWT: header is not base64url')
    expect(refusal(`${Buffer.from('{not json').toString('base64url')}.e30.e30`)).toBe(
      'malformed JWT: header is not JSON',
    )
    expect(refusal(signRaw({ alg: 'HS256' }, {}))).toBe('JWT alg must be EdDSA')
    expect(refusal(signRaw({ alg: 'EdDSA' }, { iss: 'someone', aud: AUD }))).toBe(
      'JWT iss must be an ed25519 did:key',
    )
    expect(refusal(signRaw({ alg: 'EdDSA' }, [1]))).toBe('malformed JWT: payload is not an object')
  })
})
