import { sha256 } from 'viem'
import { InvalidRecoveryCodeError } from './errors.ts'
import { wipe } from './wipe.ts'

/**
 * Recovery codes: 128 bits of randomness plus a 12-bit checksum (the first bits of its SHA-256),
 * written in Crockford base32 as 7 groups of 4 characters. 140 bits fill the 28 characters
 * exactly; the checksum turns a typo into a clear message instead of a failed decryption.
 */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
const BITS_PER_CHAR = 5
export const RECOVERY_ENTROPY_BYTES = 16
const CHECKSUM_BITS = 12
const CODE_LENGTH = (RECOVERY_ENTROPY_BYTES * 8 + CHECKSUM_BITS) / BITS_PER_CHAR
const GROUP_LENGTH = 4
/** Crockford's reading of look-alike letters: O is zero, I and L are one. */
const LOOK_ALIKES: Record<string, string> = { O: '0', I: '1', L: '1' }

/** A new recovery code, e.g. `7KQ4-…` (28 characters in 7 groups of 4). Shown once. */
export function createRecoveryCode(): string {
  const entropy = globalThis.crypto.getRandomValues(new Uint8Array(RECOVERY_ENTROPY_BYTES))
  const code = encode(withChecksum(entropy))
  wipe(entropy)
  return group(code)
}

/**
 * The canonical form of a code as a person typed it: any case, dashes and spaces anywhere, and
 * O/I/L for 0/1. Throws InvalidRecoveryCodeError saying what is wrong (length, a character, a typo).
 */
export function normalizeRecoveryCode(input: string): string {
  const characters = input.replace(/[\s-]/g, '').toUpperCase()
  if (characters.length !== CODE_LENGTH)
    throw new InvalidRecoveryCodeError(
      `A recovery code has ${CODE_LENGTH} characters; this one has ${characters.length}.`,
    )
  let canonical = ''
  for (const character of characters) {
    const read = LOOK_ALIKES[character] ?? character
    if (!ALPHABET.includes(read))
      throw new InvalidRecoveryCodeError(`"${character}" cannot appear in a recovery code.`)
    canonical += read
  }
  const entropy = decode(canonical).slice(0, RECOVERY_ENTROPY_BYTES)
  const matches = encode(withChecksum(entropy)) === canonical
  wipe(entropy)
  if (!matches) throw new InvalidRecoveryCodeError('The recovery code has a typo: check each group.')
  return group(canonical)
}

/** The 128 random bits of a code (normalised first): the input of its key derivation. */
export function recoveryCodeEntropy(code: string): Uint8Array<ArrayBuffer> {
  const canonical = normalizeRecoveryCode(code).replaceAll('-', '')
  return decode(canonical).slice(0, RECOVERY_ENTROPY_BYTES)
}

/** Entropy followed by the checksum bits, padded with zero bits to whole bytes. */
function withChecksum(entropy: Uint8Array): Uint8Array {
  const digest = sha256(entropy, 'bytes')
  const bytes = new Uint8Array(RECOVERY_ENTROPY_BYTES + 2)
  bytes.set(entropy)
  bytes[RECOVERY_ENTROPY_BYTES] = digest[0]!
  bytes[RECOVERY_ENTROPY_BYTES + 1] = digest[1]! & 0xf0
  return bytes
}

/** The first CODE_LENGTH base32 characters of the bytes' bit string (the rest is zero padding). */
function encode(bytes: Uint8Array): string {
  let text = ''
  for (let index = 0; index < CODE_LENGTH; index++) text += ALPHABET[readBits(bytes, index * BITS_PER_CHAR)]
  return text
}

function decode(canonical: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(Math.ceil((CODE_LENGTH * BITS_PER_CHAR) / 8))
  for (let index = 0; index < canonical.length; index++) {
    const value = ALPHABET.indexOf(canonical[index]!)
    for (let bit = 0; bit < BITS_PER_CHAR; bit++) {
      if ((value >> (BITS_PER_CHAR - 1 - bit)) & 1) {
        const position = index * BITS_PER_CHAR + bit
        bytes[position >> 3]! |= 0x80 >> (position & 7)
      }
    }
  }
  return bytes
}

/** Five bits starting at bit `offset` (big-endian). */
function readBits(bytes: Uint8Array, offset: number): number {
  let value = 0
  for (let bit = 0; bit < BITS_PER_CHAR; bit++) {
    const position = offset + bit
    value = (value << 1) | (((bytes[position >> 3] ?? 0) >> (7 - (position & 7))) & 1)
  }
  return value
}

function group(canonical: string): string {
  return canonical.match(new RegExp(`.{${GROUP_LENGTH}}`, 'g'))!.join('-')
}
