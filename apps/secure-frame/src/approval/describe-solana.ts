/**
 * A Solana request as the approval shows it (issue 15): each transaction decoded — fee payer,
 * recent blockhash, estimated fee, every instruction, the lookup tables of a v0 message (their
 * accounts are not resolved: that needs the chain) — or a message as text, or as hex when it is
 * not printable text.
 */
import { bytesToHex } from 'viem'
import type { SolanaSignRequest } from '../requests/solana-params.ts'
import {
  describeInstruction,
  formatSol,
  type InstructionDescription,
  PROGRAMS,
} from '../solana/instructions.ts'
import type { AddressTableLookup, SolanaTransaction } from '../solana/wire.ts'
import { printableText } from '../text/printable-text.ts'

/** Solana's base fee per signature (lamports). */
const LAMPORTS_PER_SIGNATURE = 5000n
/** The compute units a transaction gets per instruction when it sets no limit, and the most it may get. */
const DEFAULT_UNITS_PER_INSTRUCTION = 200_000n
const MAX_UNITS = 1_400_000n

export interface SolanaTransactionSummary {
  version: 'legacy' | 'v0'
  feePayer: string
  recentBlockhash: string
  /** Base fee for its signatures plus the priority fee it sets (spec §3: SOL, 9 decimals). */
  estimatedFee: string
  instructions: InstructionDescription[]
  lookupTables: AddressTableLookup[]
  /** Signers other than the wallet, whose signatures the dapp supplies. */
  otherSigners: string[]
}

export interface SolanaTransactionsDescription {
  kind: 'solanaTransactions'
  /** The wallet's Solana address, which signs; unknown until the key is unlocked for a wallet made before it was remembered. */
  address: string | undefined
  /** The network's name, when the modal named one. */
  network: string | undefined
  /** solana_signAndSendTransaction: the wallet sends it after signing. */
  send: boolean
  transactions: SolanaTransactionSummary[]
}

export interface SolanaMessageDescription {
  kind: 'solanaMessage'
  address: string | undefined
  network: string | undefined
  encoding: 'text' | 'hex'
  content: string
}

export type SolanaDescription = SolanaTransactionsDescription | SolanaMessageDescription

function estimatedFee({ message }: SolanaTransaction): bigint {
  let limit: bigint | undefined
  let price = 0n
  let others = 0n
  for (const instruction of message.instructions) {
    if (message.staticAccounts[instruction.programIdIndex] !== PROGRAMS.computeBudget) {
      others++
      continue
    }
    const data = new DataView(
      instruction.data.buffer,
      instruction.data.byteOffset,
      instruction.data.byteLength,
    )
    if (instruction.data[0] === 2 && data.byteLength >= 5) limit = BigInt(data.getUint32(1, true))
    if (instruction.data[0] === 3 && data.byteLength >= 9) price = data.getBigUint64(1, true)
  }
  const units =
    limit ??
    (others * DEFAULT_UNITS_PER_INSTRUCTION < MAX_UNITS ? others * DEFAULT_UNITS_PER_INSTRUCTION : MAX_UNITS)
  // The price is in micro-lamports per unit, rounded up to whole lamports.
  const priority = (price * units + 999_999n) / 1_000_000n
  return LAMPORTS_PER_SIGNATURE * BigInt(message.requiredSignatures) + priority
}

export function summarizeTransaction(
  transaction: SolanaTransaction,
  signer: string | undefined,
): SolanaTransactionSummary {
  const { message } = transaction
  return {
    version: message.version === 'legacy' ? 'legacy' : 'v0',
    feePayer: message.staticAccounts[0]!,
    recentBlockhash: message.recentBlockhash,
    estimatedFee: formatSol(estimatedFee(transaction)),
    instructions: message.instructions.map((instruction) => describeInstruction(message, instruction)),
    lookupTables: message.lookups,
    otherSigners: message.staticAccounts
      .slice(0, message.requiredSignatures)
      .filter((account) => account !== signer),
  }
}

export function describeSolanaRequest(
  request: SolanaSignRequest,
  context: { address: string | undefined; network: string | undefined },
): SolanaDescription {
  if (request.method === 'solana_signMessage') {
    const text = printableText(request.message)
    return {
      kind: 'solanaMessage',
      ...context,
      encoding: text === undefined ? 'hex' : 'text',
      content: text ?? bytesToHex(request.message),
    }
  }
  return {
    kind: 'solanaTransactions',
    ...context,
    send: request.method === 'solana_signAndSendTransaction',
    transactions: request.transactions.map((transaction) =>
      summarizeTransaction(transaction, context.address),
    ),
  }
}
