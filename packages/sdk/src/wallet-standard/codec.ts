/**
 * The encodings the namespaces' vocabularies use on the channel (spec §9): base58 for Solana keys,
 * messages and signatures, base64 for transactions, PSBTs and Bitcoin signatures, hex for keys.
 * Small on purpose: they ship in the adapters.
 */
const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

export function toBase58(bytes: Uint8Array): string {
  const digits: number[] = []
  for (const byte of bytes) {
    let carry = byte
    for (let i = 0; i < digits.length; i++) {
      carry += digits[i]! << 8
      digits[i] = carry % 58
      carry = (carry / 58) | 0
    }
    for (; carry; carry = (carry / 58) | 0) digits.push(carry % 58)
  }
  let out = ''
  for (let i = 0; i < bytes.length && bytes[i] === 0; i++) out += '1'
  for (let i = digits.length - 1; i >= 0; i--) out += ALPHABET[digits[i]!]
  return out
}

/** Throws on a character outside the alphabet. */
export function fromBase58(text: string): Uint8Array {
  const bytes: number[] = []
  for (const char of text) {
    let carry = ALPHABET.indexOf(char)
    if (carry < 0) throw new TypeError(`not base58: ${char}`)
    for (let i = 0; i < bytes.length; i++) {
      carry += bytes[i]! * 58
      bytes[i] = carry & 255
      carry >>= 8
    }
    for (; carry; carry >>= 8) bytes.push(carry & 255)
  }
  for (let i = 0; i < text.length && text[i] === '1'; i++) bytes.push(0)
  return new Uint8Array(bytes.reverse())
}

export const toBase64 = (bytes: Uint8Array): string => btoa(String.fromCharCode(...bytes))

export const fromBase64 = (text: string): Uint8Array => Uint8Array.from(atob(text), (c) => c.charCodeAt(0))

export const toHex = (bytes: Uint8Array): string =>
  Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
