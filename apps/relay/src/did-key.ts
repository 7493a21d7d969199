/**
 * did:key for ed25519, as WalletConnect clients use it for their client id:
 * `did:key:z` + base58btc(multicodec 0xed 0x01 + 32-byte public key).
 */
import { decodeBase58, encodeBase58 } from './base58.ts'

const PREFIX = 'did:key:z'
const MULTICODEC = [0xed, 0x01]
/**
 * Every ed25519 did:key has this shape: 34 bytes starting 0xed 0x01 always take 47 base58 digits,
 * the first three `6Mk`. Checked before any decoding, so an oversized `iss` costs one length test.
 */
export const ED25519_DID_KEY_LENGTH = PREFIX.length + 47
const ED25519_DID_KEY = /^did:key:z6Mk[1-9A-HJ-NP-Za-km-z]{44}$/

export function ed25519PublicKeyFromDidKey(did: string): Uint8Array {
  if (did.length !== ED25519_DID_KEY_LENGTH || !ED25519_DID_KEY.test(did)) {
    throw new Error('not an ed25519 did:key')
  }
  const bytes = decodeBase58(did.slice(PREFIX.length), 34)
  if (bytes[0] !== MULTICODEC[0] || bytes[1] !== MULTICODEC[1]) {
    throw new Error('not an ed25519 did:key')
  }
  return bytes.slice(2)
}

export function didKeyFromEd25519PublicKey(publicKey: Uint8Array): string {
  if (publicKey.length !== 32) throw new Error('an ed25519 public key has 32 bytes')
  return PREFIX + encodeBase58(Uint8Array.from([...MULTICODEC, ...publicKey]))
}
