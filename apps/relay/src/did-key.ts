/**
 * did:key for ed25519, as WalletConnect clients use it for their client id:
 * `did:key:z` + base58btc(multicodec 0xed 0x01 + 32-byte public key).
 */
import { decodeBase58, encodeBase58 } from './base58.ts'

const PREFIX = 'did:key:z'
const MULTICODEC = [0xed, 0x01]

export function ed25519PublicKeyFromDidKey(did: string): Uint8Array {
  if (!did.startsWith(PREFIX)) throw new Error('not a base58btc did:key')
  const bytes = decodeBase58(did.slice(PREFIX.length))
  if (bytes.length !== 34 || bytes[0] !== MULTICODEC[0] || bytes[1] !== MULTICODEC[1]) {
    throw new Error('not an ed25519 did:key')
  }
  return bytes.slice(2)
}

export function didKeyFromEd25519PublicKey(publicKey: Uint8Array): string {
  if (publicKey.length !== 32) throw new Error('an ed25519 public key has 32 bytes')
  return PREFIX + encodeBase58(Uint8Array.from([...MULTICODEC, ...publicKey]))
}
