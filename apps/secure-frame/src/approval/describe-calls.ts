/**
 * A batch (EIP-5792 wallet_sendCalls, or a smart account's eth_sendTransaction) as ONE approval
 * (issue 14 point 5): each call decoded as a transaction is (an ERC-20 approve or transfer shown as
 * such), and what the batch does beyond its calls — who pays the gas, whether it runs all or
 * nothing, whether it deploys the smart account first; an EOA's upgrade (EIP-7702) rides along as
 * `eip7702Upgrade`, which the view shows above everything else.
 */
import { type Address, type Hex, numberToHex } from 'viem'
import type { Eip7702UpgradeDescription, MayUpgradeEoa } from './describe-eip7702-upgrade.ts'
import {
  describeTransaction,
  type TransactionContext,
  type TransactionDescription,
} from './describe-transaction.ts'

export interface CallsDescription extends MayUpgradeEoa {
  kind: 'calls'
  from: Address
  accountType: 'eoa' | 'smartAccount'
  /** Each call, in order; no per-call fee: the batch's gas is paid once. */
  calls: TransactionDescription[]
  /** The paymaster service's host when a paymaster pays the gas (ERC-7677); the account otherwise. */
  sponsoredBy?: string
  /** The smart account is not on chain yet: this operation deploys it first. */
  deploysAccount: boolean
}

export function describeCalls(
  batch: {
    from: Address
    accountType: 'eoa' | 'smartAccount'
    calls: readonly { to: Address; value?: bigint; data?: Hex }[]
    paymasterUrl?: string
    deploysAccount?: boolean
    /** The EOA's EIP-7702 upgrade this batch needs first (describeEip7702Upgrade). */
    eip7702Upgrade?: Eip7702UpgradeDescription
  },
  context: TransactionContext,
): CallsDescription {
  const { feeQuote: _batchPaysOnce, ...callContext } = context
  return {
    kind: 'calls',
    from: batch.from,
    accountType: batch.accountType,
    calls: batch.calls.map((call) =>
      describeTransaction(
        [
          {
            from: batch.from,
            to: call.to,
            ...(call.value === undefined ? {} : { value: numberToHex(call.value) }),
            ...(call.data === undefined ? {} : { data: call.data }),
          },
        ],
        callContext,
      ),
    ),
    ...(batch.paymasterUrl ? { sponsoredBy: new URL(batch.paymasterUrl).host } : {}),
    deploysAccount: batch.deploysAccount ?? false,
    ...(batch.eip7702Upgrade ? { eip7702Upgrade: batch.eip7702Upgrade } : {}),
  }
}
