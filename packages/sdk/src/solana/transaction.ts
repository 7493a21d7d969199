/** A Solana transaction as the provider takes it: wire bytes (`@solana/kit`) or an object with `serialize()` (web3.js). */

import { toBase58 } from '../wallet-standard/codec.ts'
import { invalidParams } from '../wallet-standard/errors.ts'

export type SolanaTransactionInput = Uint8Array | { serialize(config?: object): Uint8Array }

export function transactionBytes(transaction: SolanaTransactionInput): Uint8Array {
  if (transaction instanceof Uint8Array) return transaction
  if (typeof (transaction as { serialize?: unknown })?.serialize === 'function') {
    // A web3.js legacy Transaction refuses to serialize while unsigned unless told not to check.
    const bytes = transaction.serialize({ requireAllSignatures: false, verifySignatures: false })
    if (bytes instanceof Uint8Array) return bytes
  }
  throw invalidParams('a transaction must be its wire bytes (Uint8Array) or have serialize()')
}

/**
 * The first signature of a wire transaction (the fee payer's: the transaction's id), in base58.
 * The wire format starts with the signature count as a compact-u16, then 64 bytes per signature.
 */
export function firstSignature(wire: Uint8Array): string {
  let offset = 0
  let count = 0
  for (let shift = 0; ; shift += 7) {
    const byte = wire[offset++] ?? 0
    count |= (byte & 127) << shift
    if (!(byte & 128)) break
  }
  if (!count) throw invalidParams('the transaction has no signature')
  return toBase58(wire.subarray(offset, offset + 64))
}
