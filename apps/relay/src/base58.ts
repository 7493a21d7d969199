/**
 * Base58btc (Bitcoin alphabet), for the `z…` part of did:key identifiers. Written here rather than
 * imported so the relay needs no base-encoding dependency for one 34-byte decode per connection.
 */

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
const DIGIT = new Map([...ALPHABET].map((char, index) => [char, index]))

export function decodeBase58(text: string): Uint8Array {
  // Big-endian base-256 digits of the number, built up one base-58 digit at a time.
  const bytes: number[] = []
  for (const char of text) {
    const digit = DIGIT.get(char)
    if (digit === undefined) throw new Error(`not base58: "${char}"`)
    let carry = digit
    for (let i = bytes.length - 1; i >= 0; i--) {
      carry += bytes[i]! * 58
      bytes[i] = carry & 0xff
      carry >>= 8
    }
    while (carry > 0) {
      bytes.unshift(carry & 0xff)
      carry >>= 8
    }
  }
  // Each leading '1' stands for a leading zero byte, which the arithmetic above cannot see.
  let zeros = 0
  while (text[zeros] === '1') zeros++
  return Uint8Array.from([...new Array<number>(zeros).fill(0), ...bytes])
}

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
