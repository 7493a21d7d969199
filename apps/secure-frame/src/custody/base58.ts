/**
 * Base58 as Solana writes addresses, signatures and solana_signMessage's message (spec §9, Bitcoin's
 * alphabet). Small and own: the key frame carries no Solana client library (its size budget).
 * Quadratic in the length, which is fine for keys, signatures and messages of a few KB.
 */
const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
const DIGIT_OF = new Map([...ALPHABET].map((character, digit) => [character, digit]))

export function bytesToBase58(bytes: Uint8Array): string {
  let zeros = 0
  while (zeros < bytes.length && bytes[zeros] === 0) zeros++
  // Little-endian base-58 digits of the number the bytes spell, big-endian.
  const digits: number[] = []
  for (let index = zeros; index < bytes.length; index++) {
    let carry = bytes[index]!
    for (let position = 0; position < digits.length; position++) {
      carry += digits[position]! << 8
      digits[position] = carry % 58
      carry = Math.floor(carry / 58)
    }
    for (; carry > 0; carry = Math.floor(carry / 58)) digits.push(carry % 58)
  }
  return (
    '1'.repeat(zeros) +
    digits
      .reverse()
      .map((digit) => ALPHABET[digit])
      .join('')
  )
}

/** The bytes of a base58 string; undefined when a character is not in the alphabet. */
export function base58ToBytes(text: string): Uint8Array<ArrayBuffer> | undefined {
  let zeros = 0
  while (zeros < text.length && text[zeros] === '1') zeros++
  const bytes: number[] = []
  for (let index = zeros; index < text.length; index++) {
    let carry = DIGIT_OF.get(text[index]!)
    if (carry === undefined) return undefined
    for (let position = 0; position < bytes.length; position++) {
      carry += bytes[position]! * 58
      bytes[position] = carry & 0xff
      carry >>= 8
    }
    for (; carry > 0; carry >>= 8) bytes.push(carry & 0xff)
  }
  const result = new Uint8Array(zeros + bytes.length)
  result.set(bytes.reverse(), zeros)
  return result
}

/** A Solana address: base58 of 32 bytes (spec §5 "Solana address shape"). */
export function isSolanaAddress(text: string): boolean {
  return text.length >= 32 && text.length <= 44 && base58ToBytes(text)?.length === 32
}
