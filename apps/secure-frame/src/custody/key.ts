import type { Address } from 'viem'
import { bytesToHex } from 'viem'
import { privateKeyToAddress } from 'viem/accounts'

export const PRIVATE_KEY_LENGTH = 32

/** The order n of secp256k1's group, big-endian: a private key is a scalar in [1, n - 1]. */
const SECP256K1_ORDER = Uint8Array.from([
  0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe, 0xba, 0xae,
  0xdc, 0xe6, 0xaf, 0x48, 0xa0, 0x3b, 0xbf, 0xd2, 0x5e, 0x8c, 0xd0, 0x36, 0x41, 0x41,
])

export interface NewKey {
  privateKey: Uint8Array<ArrayBuffer>
  address: Address
}

/** True when the 32 bytes are a valid secp256k1 private key (not zero, below the group order). */
export function isValidPrivateKey(bytes: Uint8Array): boolean {
  if (bytes.length !== PRIVATE_KEY_LENGTH || bytes.every((byte) => byte === 0)) return false
  // Compared as bytes rather than through a bigint or hex string: no copy of the key is made.
  for (let index = 0; index < PRIVATE_KEY_LENGTH; index++) {
    const byte = bytes[index]!
    const limit = SECP256K1_ORDER[index]!
    if (byte !== limit) return byte < limit
  }
  return false
}

/** The Ethereum address of a private key. */
export function addressOfKey(privateKey: Uint8Array): Address {
  return privateKeyToAddress(bytesToHex(privateKey))
}

/**
 * A new secp256k1 key from WebCrypto randomness. A draw at or above the group order (odds about
 * 2^-128) is wiped and drawn again rather than reduced, so every valid key is equally likely.
 */
export function createKey(): NewKey {
  const privateKey = new Uint8Array(PRIVATE_KEY_LENGTH)
  do globalThis.crypto.getRandomValues(privateKey)
  while (!isValidPrivateKey(privateKey))
  return { privateKey, address: addressOfKey(privateKey) }
}
