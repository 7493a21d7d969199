import { PROVIDER_UNSUPPORTED_METHOD, WalletFrameError } from '@walletframe/protocol'
import type { CallsDescription } from './describe-calls.ts'
import { describePersonalSign, type MessageDescription } from './describe-message.ts'
import type { SolanaDescription } from './describe-solana.ts'
import {
  describeTransaction,
  type TransactionContext,
  type TransactionDescription,
} from './describe-transaction.ts'
import { describeTypedData, type TypedDataDescription } from './describe-typed-data.ts'

/** What the approval view shows for one unsafe EIP-1193 request. */
export type EvmRequestDescription =
  | MessageDescription
  | TypedDataDescription
  | TransactionDescription
  | CallsDescription

/** What the approval view shows for one unsafe request; `kind` picks the layout. */
export type RequestDescription = EvmRequestDescription | SolanaDescription

export interface ApprovalContext extends TransactionContext {
  /** The wallet's chain: typed data whose domain names another chain is refused. */
  chainId?: number
}

/**
 * Turns an unsafe EIP-1193 request into what the user approves. The params are parsed by the same
 * code that signs them, so what is shown is what is signed; malformed params throw the same
 * invalid-params error here, before the view opens.
 */
export function describeRequest(
  request: { method: string; params?: unknown },
  context: ApprovalContext,
): EvmRequestDescription {
  switch (request.method) {
    case 'personal_sign':
      return describePersonalSign(request.params)
    case 'eth_signTypedData_v4':
      return describeTypedData(request.params, context.chainId)
    case 'eth_sendTransaction':
      return describeTransaction(request.params, context)
    default:
      throw new WalletFrameError(PROVIDER_UNSUPPORTED_METHOD, {
        details: `${request.method} has no approval view.`,
      })
  }
}
