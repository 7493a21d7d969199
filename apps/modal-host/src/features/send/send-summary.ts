/** The send state of spec §3 and what the form shows of it. */
import type { SendMessage, TokenBalance } from '@walletframe/protocol'
import { feeUnits, insufficientGas, missingFields, tokenDecimals, usdOf } from './send-rules.ts'

export interface Receiver {
  address: string
  /** The name typed, or the reverse name of the address typed. */
  name?: string | undefined
}

export interface SendContext {
  /** The account that sends; its type decides the gas check (spec §5). */
  from: string
  accountType: 'eoa' | 'smartAccount'
  /** The chain's native currency in the account's balances: the network balance and the gas price. */
  native?: TokenBalance | undefined
  token?: TokenBalance | undefined
  amount: string
  receiverText: string
  receiver?: Receiver | undefined
  receiverError?: SendMessage | undefined
  gasPrice?: bigint | undefined
  /** The last transaction the wallet took, until it is mined. */
  pending?: string | undefined
  receiptChecks: number
}

const NATIVE_DECIMALS = 18

/** What the form shows of a draft: what is missing, the fee, and the gas check. */
export function summaryOf(context: SendContext) {
  const draft = {
    token: context.token,
    amount: context.amount,
    receiver: context.receiver?.address,
    gasPrice: context.gasPrice,
  }
  const missing = missingFields(draft)
  const nativeDecimals = tokenDecimals(context.native) ?? NATIVE_DECIMALS
  const fee = feeUnits(draft)
  const feeUsd = fee === undefined ? undefined : usdOf(fee, context.native, nativeDecimals)
  const networkBalanceUsd = context.native?.value ?? 0
  const lacksGas =
    feeUsd !== undefined &&
    insufficientGas({ networkBalanceUsd, gasPriceUsd: feeUsd, accountType: context.accountType })
  // An ERC-20 send may go on without the gas price (spec §5 does not need it); the check then waits.
  return { missing, fee, feeUsd, lacksGas, ready: missing.length === 0 && !lacksGas }
}
