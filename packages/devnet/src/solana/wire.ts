import {
  getBase58Decoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  type Transaction,
} from '@solana/kit'
import { invalidParams } from './errors.ts'

/** A decoded message: legacy, v0 or v1, with its blockhash (`lifetimeToken`). */
export type CompiledMessage = ReturnType<ReturnType<typeof getCompiledTransactionMessageDecoder>['decode']>

export interface DecodedTransaction {
  transaction: Transaction
  message: CompiledMessage
  /** The fee payer's signature, base58: the transaction's id. */
  signature: string | undefined
  fullySigned: boolean
}

/** A wire transaction decoded, or -32602 "failed to deserialize the transaction". */
export function decode(wire: Uint8Array): DecodedTransaction {
  try {
    const transaction = getTransactionDecoder().decode(wire)
    const message = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes)
    const signatures = Object.values(transaction.signatures)
    const first = signatures[0]
    return {
      transaction,
      message,
      signature: first ? getBase58Decoder().decode(first) : undefined,
      fullySigned: signatures.every(Boolean),
    }
  } catch (error) {
    throw invalidParams(`failed to deserialize the transaction (${(error as Error).message})`)
  }
}
