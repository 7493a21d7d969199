import { SealOpenError } from './errors.ts'

/** AES-GCM's standard nonce size: 96 bits, drawn at random for every encryption. */
export const IV_LENGTH = 12

export interface Sealed {
  ciphertext: Uint8Array<ArrayBuffer>
  iv: Uint8Array<ArrayBuffer>
}

/**
 * Encrypts with AES-256-GCM under a fresh random IV. Never derived or counted: the same key seals
 * many payloads across devices and sessions, and a repeated IV under GCM leaks plaintext and the
 * authentication key. `aad` binds the ciphertext to its context (address, credential id).
 */
export async function seal(key: CryptoKey, plaintext: Uint8Array, aad: Uint8Array): Promise<Sealed> {
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(IV_LENGTH))
  const encrypted = await globalThis.crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: toBufferSource(aad) },
    key,
    toBufferSource(plaintext),
  )
  return { ciphertext: new Uint8Array(encrypted), iv }
}

/** Decrypts what `seal` made; throws SealOpenError when the key, the AAD or the data is not right. */
export async function open(
  key: CryptoKey,
  sealed: Sealed,
  aad: Uint8Array,
): Promise<Uint8Array<ArrayBuffer>> {
  if (sealed.iv.length !== IV_LENGTH) throw new SealOpenError()
  try {
    const decrypted = await globalThis.crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: sealed.iv, additionalData: toBufferSource(aad) },
      key,
      sealed.ciphertext,
    )
    return new Uint8Array(decrypted)
  } catch (error) {
    throw new SealOpenError({ cause: error })
  }
}

/**
 * WebCrypto takes views over an ArrayBuffer. One over shared memory is refused rather than copied,
 * so that no unwiped copy of a secret is left behind.
 */
export function toBufferSource(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  if (!(bytes.buffer instanceof ArrayBuffer)) throw new TypeError('Shared-memory buffers are not accepted.')
  return bytes as Uint8Array<ArrayBuffer>
}
