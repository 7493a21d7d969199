/**
 * What counts as an EVM account an injected wallet may hand us (issue 10): `0x` and 20 bytes of
 * hex; when the letters are mixed case, they must be the EIP-55 checksum, since a mixed-case
 * address with a wrong checksum is a mistyped or tampered one.
 */
import { keccak256Hex } from './keccak.ts'

const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/

export function isValidEvmAddress(value: unknown): value is `0x${string}` {
  if (typeof value !== 'string' || !HEX_ADDRESS.test(value)) return false
  const digits = value.slice(2)
  if (digits === digits.toLowerCase() || digits === digits.toUpperCase()) return true
  return digits === checksumDigits(digits)
}

/** The EIP-55 checksummed form of a valid address (EIP-4361 messages must carry it). */
export function checksumEvmAddress(address: `0x${string}`): `0x${string}` {
  return `0x${checksumDigits(address.slice(2))}`
}

/** EIP-55: a letter is upper case where the hash of the lowercase address has a nibble ≥ 8. */
function checksumDigits(digits: string): string {
  const lower = digits.toLowerCase()
  const hash = keccak256Hex(new TextEncoder().encode(lower))
  return [...lower]
    .map((char, i) => (Number.parseInt(hash[i]!, 16) >= 8 ? char.toUpperCase() : char))
    .join('')
}

/**
 * The accounts of a wallet's answer or `accountsChanged`: a list of valid addresses, or undefined
 * when the list is not one or any entry is bad (then nothing of it may be used).
 */
export function validEvmAccounts(value: unknown): `0x${string}`[] | undefined {
  return Array.isArray(value) && value.length <= 1000 && value.every(isValidEvmAddress) ? value : undefined
}
