/** A client identity as WalletConnect clients make one: an ed25519 key, its did:key, relay JWTs. */
import { ed25519 } from '@noble/curves/ed25519.js'
import { didKeyFromEd25519PublicKey } from '../did-key.ts'

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url')
const b64urlJson = (value: unknown) => b64url(new TextEncoder().encode(JSON.stringify(value)))

export interface ClientIdentity {
  clientId: string
  /** A relay JWT; claims default to a 24 h token for `aud`, and can be overridden. */
  token(aud: string, claims?: Record<string, unknown>): string
}

export function createIdentity(): ClientIdentity {
  const secretKey = ed25519.utils.randomSecretKey()
  const clientId = didKeyFromEd25519PublicKey(ed25519.getPublicKey(secretKey))
  return {
    clientId,
    token(aud, claims = {}) {
      const iat = Math.floor(Date.now() / 1000)
      const header = b64urlJson({ alg: 'EdDSA', typ: 'JWT' })
      const payload = b64urlJson({ iss: clientId, sub: 'test', aud, iat, exp: iat + 86_400, ...claims })
      const signature = ed25519.sign(new TextEncoder().encode(`${header}.${payload}`), secretKey)
      return `${header}.${payload}.${b64url(signature)}`
    },
  }
}
