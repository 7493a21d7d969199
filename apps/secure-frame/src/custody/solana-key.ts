/**
 * The user's Solana key (issue 15, docs/embedded-wallet.md "Custody"): an ed25519 seed derived from
 * the wallet's one secret, the secp256k1 private key, with HKDF-SHA256 and a domain label. One
 * secret rather than a second with its own shares, because the custody design already makes,
 * splits, seals, recovers and wipes exactly one: every existing wallet has its Solana account with
 * no new share to store or migrate, the recovery code recovers both, and the EOA address check
 * that guards reassembly guards the Solana key too. HKDF's output reveals nothing of its input,
 * so neither key tells anything of the other.
 */
import { ed25519 } from '@noble/curves/ed25519'
import { hkdf } from '@noble/hashes/hkdf'
import { sha256 } from '@noble/hashes/sha2'
import { bytesToBase58 } from './base58.ts'
import { isValidPrivateKey } from './key.ts'
import { wipe } from './wipe.ts'

/** Names what the derived bytes are: the same secret can never yield this key for another purpose. */
const SOLANA_SEED_INFO = new TextEncoder().encode('walletframe secure-frame: solana ed25519 seed v1')
export const ED25519_SEED_LENGTH = 32

/** The ed25519 seed (RFC 8032's private key) of the wallet whose secp256k1 key is `secret`. */
export function solanaSeedOf(secret: Uint8Array): Uint8Array {
  if (!isValidPrivateKey(secret)) throw new TypeError('Not a secp256k1 private key.')
  return hkdf(sha256, secret, undefined, SOLANA_SEED_INFO, ED25519_SEED_LENGTH)
}

/** The Solana address of a seed: base58 of its ed25519 public key (spec §9). */
export function solanaAddressOfSeed(seed: Uint8Array): string {
  return bytesToBase58(ed25519.getPublicKey(seed))
}

/** The Solana address of the wallet whose secp256k1 key is `secret`; the seed made on the way is wiped. */
export function solanaAddressOf(secret: Uint8Array): string {
  const seed = solanaSeedOf(secret)
  try {
    return solanaAddressOfSeed(seed)
  } finally {
    wipe(seed)
  }
}

/** The ed25519 signature (64 bytes) of `message` by `seed`. */
export function signEd25519(seed: Uint8Array, message: Uint8Array): Uint8Array {
  return ed25519.sign(message, seed)
}
