/**
 * Checks that a witness spends a segwit input by key, the way a node's script interpreter would for
 * the two script types wallets sign with: P2WPKH (BIP-143 sighash, a low-S strictly DER ECDSA
 * signature by the key hashing to the program) and P2TR key path (BIP-341 sighash, a BIP-340
 * signature by the output key). Used by the BIP-322 verifier and the PSBT checks.
 */
import { schnorr, secp256k1 } from '@noble/curves/secp256k1.js'
import { OutScript, p2pkh, SigHash, type Transaction } from '@scure/btc-signer'
import { equalBytes, hash160 } from '@scure/btc-signer/utils.js'

/** What an input spends: the previous output's script and amount. */
export interface Prevout {
  script: Uint8Array
  amount: bigint
}

/**
 * Whether `witness` is a valid key spend of input `index` of `tx`, whose inputs spend `prevouts`
 * (all of them: taproot's sighash commits to every one), with a sighash type among `sighashes`.
 * Anything else, or anything malformed, is false.
 */
export function verifyKeySpend(
  tx: Transaction,
  index: number,
  prevouts: readonly Prevout[],
  witness: readonly Uint8Array[],
  sighashes: readonly number[] = [SigHash.DEFAULT, SigHash.ALL],
): boolean {
  try {
    const spent = prevouts[index]
    if (!spent) return false
    const decoded = OutScript.decode(spent.script)
    if (decoded.type === 'wpkh' && witness.length === 2) {
      const [signature, publicKey] = witness as [Uint8Array, Uint8Array]
      if (publicKey.length !== 33 || !equalBytes(hash160(publicKey), decoded.hash)) return false
      const hashType = signature.at(-1) ?? SigHash.DEFAULT
      if (hashType === SigHash.DEFAULT || !sighashes.includes(hashType)) return false
      const hash = tx.preimageWitnessV0(index, p2pkh(publicKey).script, hashType, spent.amount)
      // noble's verify defaults to lowS: a high-S signature does not verify (BIP-146 LOW_S).
      return secp256k1.verify(signature.subarray(0, -1), hash, publicKey, { prehash: false, format: 'der' })
    }
    if (decoded.type === 'tr' && witness.length === 1) {
      const signature = witness[0]!
      const hashType =
        signature.length === 64 ? SigHash.DEFAULT : signature.length === 65 ? signature[64]! : -1
      if (!sighashes.includes(hashType)) return false
      const hash = tx.preimageWitnessV1(
        index,
        prevouts.map((prevout) => prevout.script),
        hashType,
        prevouts.map((prevout) => prevout.amount),
      )
      return schnorr.verify(signature.subarray(0, 64), hash, decoded.pubkey)
    }
    return false
  } catch {
    return false
  }
}
