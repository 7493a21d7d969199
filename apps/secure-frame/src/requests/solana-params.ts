/**
 * The Solana vocabulary's params (WalletConnect's solana_* methods; issue 15), parsed by the same
 * code for the approval and for signing, so that what is shown is what is signed.
 */
import {
  PROVIDER_UNAUTHORIZED,
  SOLANA_RPC_SCHEMAS,
  type SolanaRpcParams,
  type SolanaSendOptions,
  solanaSendOptionsProblem,
  WalletFrameError,
} from '@walletframe/protocol'
import { base58ToBytes, isSolanaAddress } from '../custody/base58.ts'
import { base64ToBytes } from '../custody/base64.ts'
import { missingSigners } from '../solana/sign.ts'
import { decodeMessage, decodeTransaction, type SolanaTransaction, SolanaWireError } from '../solana/wire.ts'
import { accountNotAuthorizedError, invalidParamsError } from './request-errors.ts'

export const SOLANA_SIGN_METHODS = [
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAllTransactions',
  'solana_signAndSendTransaction',
] as const
export type SolanaSignMethod = (typeof SOLANA_SIGN_METHODS)[number]

export type SolanaSignRequest =
  | { method: 'solana_signMessage'; message: Uint8Array; pubkey: string }
  | { method: 'solana_signTransaction' | 'solana_signAllTransactions'; transactions: SolanaTransaction[] }
  | {
      method: 'solana_signAndSendTransaction'
      transactions: [SolanaTransaction]
      sendOptions: SolanaSendOptions | undefined
    }

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function transactionOf(method: string, field: string, value: unknown): SolanaTransaction {
  if (typeof value !== 'string') throw invalidParamsError(method, `expects ${field} as a base64 string.`)
  let bytes: Uint8Array
  try {
    bytes = base64ToBytes(value)
  } catch (error) {
    throw invalidParamsError(method, `expects ${field} as a base64 string.`, error)
  }
  try {
    return decodeTransaction(bytes)
  } catch (error) {
    if (!(error instanceof SolanaWireError)) throw error
    throw invalidParamsError(method, `${field} is not a Solana transaction: ${error.message}`, error)
  }
}

function messageOf(method: string, value: unknown): Uint8Array {
  const bytes = typeof value === 'string' ? base58ToBytes(value) : undefined
  if (!bytes || bytes.length === 0) throw invalidParamsError(method, 'expects message as a base58 string.')
  // Signing a transaction's message bytes as a "message" would authorise the transaction while the
  // approval showed text; such bytes are refused here and must come through solana_signTransaction.
  try {
    decodeMessage(bytes)
  } catch {
    return bytes
  }
  throw invalidParamsError(method, 'message is a transaction message: sign it with solana_signTransaction.')
}

export function isSolanaSignMethod(method: string): method is SolanaSignMethod {
  return (SOLANA_SIGN_METHODS as readonly string[]).includes(method)
}

/**
 * The params in the vocabulary's shape first (protocol namespaces/solana-rpc.ts, the same check on
 * every hop), then decoded: base58 message, base64 wire transactions, spec §5 send options.
 */
export function parseSolanaSignRequest(method: SolanaSignMethod, params: unknown): SolanaSignRequest {
  if (!isRecord(params)) throw invalidParamsError(method, 'expects its params as an object.')
  const shape = SOLANA_RPC_SCHEMAS[method].params.safeParse(params)
  if (!shape.success) {
    const [issue] = shape.error.issues
    // The send options' own check says precisely what is wrong with them.
    const problem = solanaSendOptionsProblem(params.sendOptions)
    throw invalidParamsError(
      method,
      problem ? `${problem}.` : `has a malformed ${issue?.path.join('.') || 'params'}: ${issue?.message}.`,
    )
  }
  switch (method) {
    case 'solana_signMessage': {
      const { message, pubkey } = params
      if (typeof pubkey !== 'string' || !isSolanaAddress(pubkey))
        throw invalidParamsError(method, 'expects pubkey as a Solana address.')
      return { method, message: messageOf(method, message), pubkey }
    }
    case 'solana_signTransaction':
      return { method, transactions: [transactionOf(method, 'transaction', params.transaction)] }
    case 'solana_signAllTransactions': {
      const { transactions } = shape.data as SolanaRpcParams<typeof method>
      return {
        method,
        transactions: transactions.map((value, index) =>
          transactionOf(method, `transactions[${index}]`, value),
        ),
      }
    }
    case 'solana_signAndSendTransaction':
      return {
        method,
        transactions: [transactionOf(method, 'transaction', params.transaction)],
        sendOptions: params.sendOptions as SolanaSendOptions | undefined,
      }
  }
}

/**
 * Refuses a request the wallet's Solana account cannot answer: a message for another pubkey, a
 * transaction it does not sign, or (to send) one still missing another signer's signature.
 */
export function assertSolanaSigner(request: SolanaSignRequest, address: string): void {
  const { method } = request
  if (method === 'solana_signMessage') {
    if (request.pubkey !== address) throw accountNotAuthorizedError(method, request.pubkey)
    return
  }
  for (const [index, transaction] of request.transactions.entries()) {
    const signers = transaction.message.staticAccounts.slice(0, transaction.message.requiredSignatures)
    if (!signers.includes(address))
      throw new WalletFrameError({
        ...PROVIDER_UNAUTHORIZED,
        message: `${method}: transaction ${index} is not to be signed by ${address}, the account of this wallet (its signers: ${signers.join(', ')}).`,
      })
  }
  if (method !== 'solana_signAndSendTransaction') return
  const missing = missingSigners(request.transactions[0], address)
  if (missing.length > 0)
    throw invalidParamsError(method, `cannot send the transaction before ${missing.join(', ')} signed it.`)
}
