/**
 * EIP-5792 batches this wallet sent, and their status (spec §6 wallet_getCallsStatus): a smart
 * account's batch is a user operation (status from the bundler's receipt), an EOA's a transaction
 * (from the node's receipt). Pending: 100; included, every call done: 200; included and reverted —
 * atomic, so nothing happened: 500.
 */
import {
  CALLS_STATUS,
  type CallsReceipt,
  type GetCallsStatusResult,
  toHexChainId,
} from '@walletframe/protocol'
import { type Hash, numberToHex, type TransactionReceipt } from 'viem'
import { UserOperationReceiptNotFoundError } from 'viem/account-abstraction'
import { getTransactionReceipt } from 'viem/actions'
import { type RpcClient, toNetworkError } from '../rpc-client.ts'
import type { ChainClient } from './chain-client.ts'
import { bundlerClientOf } from './user-operation.ts'

export interface SentBatch {
  version: string
  chainId: number
  /** Always true: both the smart account's executeBatch and the delegated EOA's run all or nothing. */
  atomic: true
  sent: { kind: 'userOperation'; hash: Hash } | { kind: 'transaction'; hash: Hash }
}

const base = (id: string, batch: SentBatch) => ({
  version: batch.version,
  id,
  chainId: toHexChainId(batch.chainId),
  atomic: batch.atomic,
})

/** A user operation's status, asked of the bundler. */
export async function userOperationStatus(
  id: string,
  batch: SentBatch,
  client: ChainClient,
  bundlerUrl: string,
): Promise<GetCallsStatusResult> {
  try {
    const receipt = await bundlerClientOf(client, bundlerUrl).getUserOperationReceipt({
      hash: batch.sent.hash,
    })
    return {
      ...base(id, batch),
      status: receipt.success ? CALLS_STATUS.confirmed : CALLS_STATUS.reverted,
      // The operation's own logs, not those of the whole bundle transaction it shared with others.
      receipts: [
        {
          ...toCallsReceipt(receipt.receipt),
          logs: receipt.logs.map(toLog),
          gasUsed: numberToHex(receipt.actualGasUsed),
        },
      ],
    }
  } catch (error) {
    if (error instanceof UserOperationReceiptNotFoundError)
      return { ...base(id, batch), status: CALLS_STATUS.pending }
    throw toNetworkError(error)
  }
}

/** A transaction's status, asked of the node. */
export async function transactionStatus(
  id: string,
  batch: SentBatch,
  client: RpcClient,
): Promise<GetCallsStatusResult> {
  let receipt: TransactionReceipt
  try {
    receipt = await getTransactionReceipt(client, { hash: batch.sent.hash })
  } catch (error) {
    if (error instanceof Error && error.name === 'TransactionReceiptNotFoundError')
      return { ...base(id, batch), status: CALLS_STATUS.pending }
    throw toNetworkError(error)
  }
  return {
    ...base(id, batch),
    status: receipt.status === 'success' ? CALLS_STATUS.confirmed : CALLS_STATUS.reverted,
    receipts: [toCallsReceipt(receipt)],
  }
}

const toLog = (log: { address: `0x${string}`; data: `0x${string}`; topics: readonly `0x${string}`[] }) => ({
  address: log.address,
  data: log.data,
  topics: [...log.topics],
})

function toCallsReceipt(receipt: TransactionReceipt): CallsReceipt {
  return {
    logs: receipt.logs.map(toLog),
    status: receipt.status === 'success' ? '0x1' : '0x0',
    blockHash: receipt.blockHash,
    blockNumber: numberToHex(receipt.blockNumber),
    gasUsed: numberToHex(receipt.gasUsed),
    transactionHash: receipt.transactionHash,
  }
}
