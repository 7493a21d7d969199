import { InvalidKeyMaterialError } from './errors.ts'
import { recoveryCodeEntropy } from './recovery-code.ts'
import { toBufferSource } from './seal.ts'
import { wipe } from './wipe.ts'

/** WebAuthn's PRF extension returns 32 bytes per evaluation. */
export const PRF_OUTPUT_LENGTH = 32
/** Salts are stored beside the ciphertext; at least 128 bits so two wallets never share one by chance. */
export const MIN_SALT_LENGTH = 16

/**
 * HKDF `info` strings: each names what its key seals, so the same input material can never yield
 * the same key for two purposes.
 */
const DEVICE_SHARE_INFO = new TextEncoder().encode('walletframe secure-frame: device share sealing key v1')
const RECOVERY_SHARE_INFO = new TextEncoder().encode(
  'walletframe secure-frame: recovery share sealing key v1',
)

/** The AES-256-GCM key that seals the device share, from the passkey's PRF output. Non-extractable. */
export async function deviceKeyFromPrf(prfOutput: Uint8Array, salt: Uint8Array): Promise<CryptoKey> {
  if (prfOutput.length !== PRF_OUTPUT_LENGTH)
    throw new InvalidKeyMaterialError(`A PRF output has ${PRF_OUTPUT_LENGTH} bytes; got ${prfOutput.length}.`)
  return deriveSealingKey(prfOutput, salt, DEVICE_SHARE_INFO)
}

/**
 * The AES-256-GCM key that seals the recovery share, from a recovery code as typed. The code
 * already carries 128 random bits, so HKDF suffices: no password stretching is needed.
 */
export async function recoveryKeyFromCode(code: string, salt: Uint8Array): Promise<CryptoKey> {
  const entropy = recoveryCodeEntropy(code)
  try {
    return await deriveSealingKey(entropy, salt, RECOVERY_SHARE_INFO)
  } finally {
    wipe(entropy)
  }
}

async function deriveSealingKey(
  material: Uint8Array,
  salt: Uint8Array,
  info: Uint8Array,
): Promise<CryptoKey> {
  if (salt.length < MIN_SALT_LENGTH)
    throw new InvalidKeyMaterialError(`A salt has at least ${MIN_SALT_LENGTH} bytes; got ${salt.length}.`)
  const subtle = globalThis.crypto.subtle
  const base = await subtle.importKey('raw', toBufferSource(material), 'HKDF', false, ['deriveKey'])
  return subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: toBufferSource(salt), info: toBufferSource(info) },
    base,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  )
}
