/**
 * Sends calls from the smart account as one ERC-4337 user operation through the network's bundler
 * (one call: `execute`; several: `executeBatch`, atomic: one reverting call reverts them all). With
 * a paymaster service (ERC-7677, the dapp's EIP-5792 `paymasterService` capability) the paymaster
 * pays the gas; otherwise the account pays it from its balance.
 */
import type { PaymasterServiceRequest } from '@walletframe/protocol'
import { type Address, type Hash, type Hex, http } from 'viem'
import {
  type BundlerClient,
  createBundlerClient,
  createPaymasterClient,
  type UserOperationReceipt,
} from 'viem/account-abstraction'
import { toNetworkError } from '../rpc-client.ts'
import type { WalletSmartAccount } from './account.ts'
import type { ChainClient } from './chain-client.ts'

export interface SmartAccountCall {
  to: Address
  value?: bigint
  data?: Hex
}

/**
 * How often a receipt is asked of the bundler: a user waits on it, and a devnet or an L2 includes
 * an operation within a second or two, far sooner than viem's 4 s default would notice.
 */
const RECEIPT_POLL_MS = 250
/** Beyond this an operation is reported as not included (the bundler may still include it later). */
const RECEIPT_TIMEOUT_MS = 120_000

export function bundlerClientOf(
  client: ChainClient,
  bundlerUrl: string,
  account?: WalletSmartAccount,
  paymaster?: PaymasterServiceRequest,
): BundlerClient {
  return createBundlerClient({
    client,
    transport: http(bundlerUrl),
    pollingInterval: RECEIPT_POLL_MS,
    ...(account ? { account } : {}),
    ...(paymaster
      ? {
          paymaster: createPaymasterClient({ transport: http(paymaster.url) }),
          ...(paymaster.context ? { paymasterContext: paymaster.context } : {}),
        }
      : {}),
  })
}

/** Builds, signs (the vault, through the account's owner) and sends the operation; its hash. */
export async function sendUserOperation(options: {
  client: ChainClient
  bundlerUrl: string
  account: WalletSmartAccount
  calls: readonly SmartAccountCall[]
  paymaster?: PaymasterServiceRequest
}): Promise<Hash> {
  const { client, bundlerUrl, account, calls, paymaster } = options
  try {
    return await bundlerClientOf(client, bundlerUrl, account, paymaster).sendUserOperation({
      account,
      calls: calls.map((call) => ({ to: call.to, value: call.value ?? 0n, data: call.data ?? '0x' })),
    })
  } catch (error) {
    throw toNetworkError(error)
  }
}

/** Waits for the operation's inclusion (or its deadline) and answers its receipt. */
export async function waitForUserOperation(
  client: ChainClient,
  bundlerUrl: string,
  hash: Hash,
): Promise<UserOperationReceipt> {
  try {
    return await bundlerClientOf(client, bundlerUrl).waitForUserOperationReceipt({
      hash,
      timeout: RECEIPT_TIMEOUT_MS,
    })
  } catch (error) {
    throw toNetworkError(error)
  }
}
