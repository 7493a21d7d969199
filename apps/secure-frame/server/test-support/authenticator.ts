/**
 * A software passkey for tests: a P-256 key that answers WebAuthn ceremonies the way a browser and
 * an authenticator would, building clientDataJSON, authenticator data, a 'none' attestation and
 * ES256 signatures by hand (CBOR through @simplewebauthn/server's own encoder).
 */
import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto'
import { isoCBOR } from '@simplewebauthn/server/helpers'

export interface Ceremony {
  /** The page's origin (the key origin when honest). */
  origin: string
  /** The top-level page; omitted for a same-origin top-level ceremony. */
  topOrigin?: string
  /** Extension outputs the browser would report. */
  clientExtensionResults?: Record<string, unknown>
}

const FLAGS = { userPresent: 0x01, userVerified: 0x04, attestedData: 0x40 }

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest()

export class SoftwarePasskey {
  readonly credentialId = randomBytes(16)
  readonly #keys = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  counter = 0

  get id(): string {
    return this.credentialId.toString('base64url')
  }

  /** The JSON of `navigator.credentials.create()` for creation options from the server. */
  create(options: { challenge: string; rp: { id?: string } }, ceremony: Ceremony) {
    const rpId = options.rp.id ?? new URL(ceremony.origin).hostname
    const jwk = this.#keys.publicKey.export({ format: 'jwk' })
    const coseKey = new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, new Uint8Array(Buffer.from(jwk.x ?? '', 'base64url'))],
      [-3, new Uint8Array(Buffer.from(jwk.y ?? '', 'base64url'))],
    ])
    const idLength = Buffer.alloc(2)
    idLength.writeUInt16BE(this.credentialId.length)
    const attested = Buffer.concat([
      Buffer.alloc(16),
      idLength,
      this.credentialId,
      Buffer.from(isoCBOR.encode(coseKey)),
    ])
    const authData = Buffer.concat([
      this.#authData(rpId, FLAGS.userPresent | FLAGS.userVerified | FLAGS.attestedData),
      attested,
    ])
    const attestation = new Map<string, string | Uint8Array | Map<string, number>>([
      ['fmt', 'none'],
      ['attStmt', new Map<string, number>()],
      ['authData', new Uint8Array(authData)],
    ])
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: this.#clientData('webauthn.create', options.challenge, ceremony),
        attestationObject: Buffer.from(isoCBOR.encode(attestation)).toString('base64url'),
        transports: ['internal' as const],
      },
      clientExtensionResults: ceremony.clientExtensionResults ?? {},
    }
  }

  /** The JSON of `navigator.credentials.get()`; each call counts one use. */
  get(options: { challenge: string; rpId?: string }, ceremony: Ceremony) {
    this.counter += 1
    const rpId = options.rpId ?? new URL(ceremony.origin).hostname
    const authData = this.#authData(rpId, FLAGS.userPresent | FLAGS.userVerified)
    const clientDataJSON = this.#clientData('webauthn.get', options.challenge, ceremony)
    const signed = Buffer.concat([authData, sha256(Buffer.from(clientDataJSON, 'base64url'))])
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON,
        authenticatorData: authData.toString('base64url'),
        signature: sign('sha256', signed, this.#keys.privateKey).toString('base64url'),
      },
      clientExtensionResults: ceremony.clientExtensionResults ?? {},
    }
  }

  #authData(rpId: string, flags: number): Buffer {
    const counter = Buffer.alloc(4)
    counter.writeUInt32BE(this.counter)
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), counter])
  }

  #clientData(type: string, challenge: string, ceremony: Ceremony): string {
    const crossOrigin = ceremony.topOrigin !== undefined
    const data = {
      type,
      challenge,
      origin: ceremony.origin,
      crossOrigin,
      ...(crossOrigin ? { topOrigin: ceremony.topOrigin } : {}),
    }
    return Buffer.from(JSON.stringify(data)).toString('base64url')
  }
}
