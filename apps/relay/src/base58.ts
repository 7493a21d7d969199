/**
 * Base58btc (Bitcoin alphabet), for the `z…` part of did:key identifiers. Written here rather than
 * imported so the relay needs no base-encoding dependency for one 34-byte decode per connection.
 */

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
const DIGIT = new Map([...ALPHABET].map((char, index) => [char, index]))

/**
 * Decodes into exactly `size` bytes, or throws. Text longer than `size` bytes can need is refused
 * before any arithmetic, and each digit updates a fixed `size`-byte buffer, so the work is at most
 * text length × size: linear in the input, whatever an attacker sends.
 */
export function decodeBase58(text: string, size: number): Uint8Array {
  if (text.length > maxBase58Length(size)) throw new Error(`base58 text too long for ${size} bytes`)
  const bytes = new Uint8Array(size)
  for (const char of text) {
    const digit = DIGIT.get(char)
    if (digit === undefined) throw new Error(`not base58: "${char}"`)
    let carry = digit
    for (let i = size - 1; i >= 0; i--) {
      carry += bytes[i]! * 58
      bytes[i] = carry & 0xff
      carry >>= 8
    }
    if (carry > 0) throw new Error(`base58 value does not fit in ${size} bytes`)
  }
  // Each leading '1' stands for a leading zero byte: the value must leave room for exactly those.
  let zeros = 0
  while (text[zeros] === '1') zeros++
  let leading = 0
  while (leading < size && bytes[leading] === 0) leading++
  if (leading !== zeros) {
    throw new Error(`base58 value is not ${size} bytes long`)
  }
  return bytes
}

/** The most base58 digits `size` bytes can take (each digit carries log2(58) ≈ 5.86 bits). */
export const maxBase58Length = (size: number): number => Math.ceil((size * 8) / Math.log2(58))

export function encodeBase58(bytes: Uint8Array): string {
  const digits: number[] = []
  for (const byte of bytes) {
    let carry = byte
    for (let i = digits.length - 1; i >= 0; i--) {
      carry += digits[i]! * 256
      digits[i] = carry % 58
      carry = Math.floor(carry / 58)
    }
    while (carry > 0) {
      digits.unshift(carry % 58)
      carry = Math.floor(carry / 58)
    }
  }
  let zeros = 0
  while (bytes[zeros] === 0) zeros++
  return '1'.repeat(zeros) + digits.map((digit) => ALPHABET[digit]).join('')
}
