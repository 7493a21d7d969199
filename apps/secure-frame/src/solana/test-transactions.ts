/**
 * Test support: Solana transactions built by @solana/kit and the Solana program clients — an
 * encoder other than ours, so the decoder's tests check it against the format, not against itself.
 */
import {
  type Address,
  address,
  appendTransactionMessageInstructions,
  type Blockhash,
  compileTransaction,
  compressTransactionMessageUsingAddressLookupTables,
  createNoopSigner,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  type Instruction,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  getCreateAssociatedTokenIdempotentInstruction,
  getTransferCheckedInstruction,
  getTransferInstruction,
} from '@solana-program/token'
import { bytesToBase58 } from '../custody/base58.ts'

export const BLOCKHASH = 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1wcaWoxPkrZBG' as Blockhash
/** A fresh random address (not a key anyone holds). */
export const randomAddress = (): Address =>
  address(bytesToBase58(globalThis.crypto.getRandomValues(new Uint8Array(32))))

export const instructions = {
  transferSol: (from: Address, to: Address, lamports: bigint) =>
    getTransferSolInstruction({ source: createNoopSigner(from), destination: to, amount: lamports }),
  tokenTransfer: (source: Address, destination: Address, owner: Address, amount: bigint) =>
    getTransferInstruction({ source, destination, authority: createNoopSigner(owner), amount }),
  tokenTransferChecked: (
    source: Address,
    mint: Address,
    destination: Address,
    owner: Address,
    amount: bigint,
    decimals: number,
  ) =>
    getTransferCheckedInstruction({
      source,
      mint,
      destination,
      authority: createNoopSigner(owner),
      amount,
      decimals,
    }),
  createAta: (payer: Address, ata: Address, owner: Address, mint: Address) =>
    getCreateAssociatedTokenIdempotentInstruction({ payer: createNoopSigner(payer), ata, owner, mint }),
  computeUnitLimit: (units: number): Instruction => {
    const data = new Uint8Array(5)
    data[0] = 2
    new DataView(data.buffer).setUint32(1, units, true)
    return { programAddress: address('ComputeBudget111111111111111111111111111111'), data }
  },
  computeUnitPrice: (microLamports: bigint): Instruction => {
    const data = new Uint8Array(9)
    data[0] = 3
    new DataView(data.buffer).setBigUint64(1, microLamports, true)
    return { programAddress: address('ComputeBudget111111111111111111111111111111'), data }
  },
}

export interface BuildOptions {
  feePayer: Address
  instructions: Instruction[]
  version?: 'legacy' | 0
  /** v0: tables (address → its addresses) to compress the message's non-signer accounts with. */
  lookupTables?: Record<Address, Address[]>
  blockhash?: Blockhash
}

/** The transaction's wire bytes as base64, every signature slot empty (zeros), as a dapp sends it. */
export function buildTransaction(options: BuildOptions): string {
  const message = pipe(
    createTransactionMessage({ version: options.version ?? 0 }),
    (m) => setTransactionMessageFeePayerSigner(createNoopSigner(options.feePayer), m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        { blockhash: options.blockhash ?? BLOCKHASH, lastValidBlockHeight: 1000n },
        m,
      ),
    (m) => appendTransactionMessageInstructions(options.instructions, m),
  )
  const compressed = options.lookupTables
    ? compressTransactionMessageUsingAddressLookupTables(message as never, options.lookupTables)
    : message
  return getBase64EncodedWireTransaction(compileTransaction(compressed as typeof message))
}
