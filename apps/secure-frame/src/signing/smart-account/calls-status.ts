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
import { type Address, type Hash, isAddressEqual, numberToHex, type TransactionReceipt } from 'viem'
import { UserOperationNotFoundError, UserOperationReceiptNotFoundError } from 'viem/account-abstraction'
import { getTransaction, getTransactionReceipt } from 'viem/actions'
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

/**
 * Finds, after the page reloaded, a batch this wallet sent under the id it minted (the operation's
 * or the transaction's hash): a user operation of the smart account the bundler knows, or the
 * EOA's transaction to itself (its EIP-7702 batch). Undefined when neither is.
 */
export async function findSentBatch(
  hash: Hash,
  where: {
    chainId: number
    smartAccount?: { address: Address; client: ChainClient; bundlerUrl: string }
    eoa: { address: Address; client: RpcClient }
  },
): Promise<SentBatch | undefined> {
  const found = (sent: SentBatch['sent']): SentBatch => ({
    version: '2.0.0',
    chainId: where.chainId,
    atomic: true,
    sent,
  })
  const { smartAccount, eoa } = where
  try {
    if (smartAccount) {
      const operation = await bundlerClientOf(smartAccount.client, smartAccount.bundlerUrl)
        .getUserOperation({ hash })
        .catch((error: unknown) => {
          if (error instanceof UserOperationNotFoundError) return undefined
          throw error
        })
      if (operation && isAddressEqual(operation.userOperation.sender, smartAccount.address))
        return found({ kind: 'userOperation', hash })
    }
    const transaction = await getTransaction(eoa.client, { hash }).catch((error: unknown) => {
      if (error instanceof Error && error.name === 'TransactionNotFoundError') return undefined
      throw error
    })
    if (
      transaction?.to &&
      isAddressEqual(transaction.from, eoa.address) &&
      isAddressEqual(transaction.to, eoa.address)
    )
      return found({ kind: 'transaction', hash })
    return undefined
  } catch (error) {
    throw toNetworkError(error)
  }
}
