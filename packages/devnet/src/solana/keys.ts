import { createHash } from 'node:crypto'
import { type Address, createKeyPairSignerFromPrivateKeyBytes, type KeyPairSigner } from '@solana/kit'

/** How many funded test keys the local Solana RPC has (SOLANA_DEVNET_FUNDING each). */
export const SOLANA_DEVNET_KEY_COUNT = 4

export interface SolanaDevnetKey {
  address: Address
  /** The ed25519 private key (32-byte seed): `createKeyPairSignerFromPrivateKeyBytes(privateKey)`. */
  privateKey: Uint8Array
  signer: KeyPairSigner
}

/**
 * A fixed 32-byte ed25519 seed per label, so every run (and every reader of the docs) gets the same
 * addresses without keeping secret material in the repo: these keys are public test keys.
 */
function seedOf(label: string): Uint8Array {
  return new Uint8Array(createHash('sha256').update(`walletframe solana devnet: ${label}`).digest())
}

async function keyOf(label: string): Promise<SolanaDevnetKey> {
  const privateKey = seedOf(label)
  // Extractable, so a test can hand the key pair to a wallet (the key frame, a test wallet).
  const signer = await createKeyPairSignerFromPrivateKeyBytes(privateKey, true)
  return Object.freeze({ address: signer.address, privateKey, signer })
}

/** The funded test keys (`key #0` … `key #3`): SOL and the fixture token at start. */
export function solanaDevnetKeys(): Promise<SolanaDevnetKey[]> {
  return Promise.all(Array.from({ length: SOLANA_DEVNET_KEY_COUNT }, (_, i) => keyOf(`key #${i}`)))
}

/** The key whose address is the fixture SPL mint (so the mint's address never changes). */
export const solanaFixtureMintKey = () => keyOf('dUSD mint')

/** Pays `requestAirdrop`: airdrops are ordinary transfers, so getTransaction can show them. */
export const solanaFaucetKey = () => keyOf('faucet')
