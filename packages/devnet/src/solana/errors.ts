import { createRequire } from 'node:module'
import { RPC_ERRORS } from '@walletframe/protocol'
import type { FailedTransactionMetadata } from 'litesvm'
import {
  InstructionErrorBorshIo,
  InstructionErrorCustom,
  TransactionErrorDuplicateInstruction,
  TransactionErrorInstructionError,
  TransactionErrorInsufficientFundsForRent,
  TransactionErrorProgramExecutionTemporarilyRestricted,
} from 'litesvm/dist/internal.js'

/** litesvm's error enums by name; declared `const enum`, so read from the module at run time. */
const errorNames = createRequire(import.meta.url)('litesvm/dist/internal.js') as Record<
  'InstructionErrorFieldless' | 'TransactionErrorFieldless',
  Record<string, unknown>
>

/** JSON-RPC error codes: the standard ones and those a Solana validator's RPC answers with. */
export const RPC_ERROR_CODES = {
  parseError: RPC_ERRORS.parse.code,
  invalidRequest: RPC_ERRORS.invalidRequest.code,
  methodNotFound: RPC_ERRORS.methodNotFound.code,
  invalidParams: RPC_ERRORS.invalidParams.code,
  internalError: RPC_ERRORS.internal.code,
  /** sendTransaction: the preflight simulation failed, or the transaction cannot land. */
  sendTransactionPreflightFailure: -32002,
  transactionSignatureVerificationFailure: -32003,
  unsupportedTransactionVersion: -32015,
  minContextSlotNotReached: -32016,
} as const

/** An error answered to the caller as a JSON-RPC error object. */
export class SolanaRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message)
    this.name = 'SolanaRpcError'
  }
}

export const invalidParams = (message: string) =>
  new SolanaRpcError(RPC_ERROR_CODES.invalidParams, `${RPC_ERRORS.invalidParams.message}: ${message}`)

/** A transaction error in the validator's JSON form, e.g. `{ InstructionError: [0, { Custom: 1 }] }`. */
export type TransactionErrorJson = string | Record<string, unknown>

type LiteSvmTransactionError = ReturnType<FailedTransactionMetadata['err']>

const nameOf = (values: Record<string, unknown>, value: number) =>
  Object.keys(values).find((key) => values[key] === value) ?? `Unknown(${value})`

function instructionErrorJson(error: ReturnType<TransactionErrorInstructionError['err']>): unknown {
  if (error instanceof InstructionErrorCustom) return { Custom: error.code }
  if (error instanceof InstructionErrorBorshIo) return { BorshIoError: error.msg }
  return nameOf(errorNames.InstructionErrorFieldless, error as number)
}

export function transactionErrorJson(error: LiteSvmTransactionError): TransactionErrorJson {
  if (error instanceof TransactionErrorInstructionError)
    return { InstructionError: [error.index, instructionErrorJson(error.err())] }
  if (error instanceof TransactionErrorDuplicateInstruction) return { DuplicateInstruction: error.index }
  if (error instanceof TransactionErrorInsufficientFundsForRent)
    return { InsufficientFundsForRent: { account_index: error.accountIndex } }
  if (error instanceof TransactionErrorProgramExecutionTemporarilyRestricted)
    return { ProgramExecutionTemporarilyRestricted: { account_index: error.accountIndex } }
  return nameOf(errorNames.TransactionErrorFieldless, error as number)
}

/** Whether a transaction that failed this way was still executed (landed, fee paid) on a validator. */
export const landsDespite = (error: TransactionErrorJson) =>
  typeof error === 'object' && 'InstructionError' in error

const words = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase()

/** The validator's wording, e.g. "Error processing Instruction 0: custom program error: 0x1". */
export function describeTransactionError(error: TransactionErrorJson): string {
  if (typeof error === 'string') {
    const sentence = words(error)
    return sentence.charAt(0).toUpperCase() + sentence.slice(1)
  }
  const instruction = error.InstructionError as [number, unknown] | undefined
  if (instruction) {
    const [index, inner] = instruction
    const detail =
      typeof inner === 'string'
        ? words(inner)
        : 'Custom' in (inner as object)
          ? `custom program error: 0x${(inner as { Custom: number }).Custom.toString(16)}`
          : JSON.stringify(inner)
    return `Error processing Instruction ${index}: ${detail}`
  }
  return JSON.stringify(error)
}
