import type { Hash, TransactionSerializable } from 'viem'
import { estimateFeesPerGas, estimateGas, getTransactionCount, sendRawTransaction } from 'viem/actions'
import type { KeyVault } from '../custody/index.ts'
import { invalidParamsError } from '../requests/request-errors.ts'
import { parseTransactionParams, type TransactionRequest } from '../requests/transaction-params.ts'
import { gasLimit } from './gas-limit.ts'
import { createRpcClient, type RpcClient, toNetworkError } from './rpc-client.ts'
import { assertSigner } from './signer.ts'

const METHOD = 'eth_sendTransaction'

/**
 * eth_sendTransaction: fills what the dapp left out (nonce, gas, fees) from the network, signs
 * with the vault's key for `chainId`, sends with eth_sendRawTransaction and returns the hash.
 * A legacy transaction is made only when the dapp gave gasPrice; otherwise EIP-1559.
 */
export async function sendTransaction(
  vault: KeyVault,
  params: unknown,
  rpcUrl: string,
  chainId: number,
): Promise<Hash> {
  const request = parseTransactionParams(params)
  assertSigner(vault, METHOD, request.from)
  if (request.chainId !== undefined && request.chainId !== chainId)
    throw invalidParamsError(
      METHOD,
      `is for chain ${request.chainId}, but the wallet is on chain ${chainId}.`,
    )
  const client = createRpcClient(rpcUrl)
  try {
    const transaction = await fillTransaction(client, request, chainId)
    const serializedTransaction = await vault.signTransaction(transaction)
    return await sendRawTransaction(client, { serializedTransaction })
  } catch (error) {
    throw toNetworkError(error)
  }
}

async function fillTransaction(
  client: RpcClient,
  request: TransactionRequest,
  chainId: number,
): Promise<TransactionSerializable> {
  const { from, to, value, data } = request
  const [nonce, gas, fees] = await Promise.all([
    request.nonce ?? getTransactionCount(client, { address: from, blockTag: 'pending' }),
    request.gas ?? estimateGas(client, { account: from, to, value, data }).then(gasLimit),
    fillFees(client, request),
  ])
  return { chainId, nonce, gas, to, value, data, ...fees }
}

async function fillFees(
  client: RpcClient,
  request: TransactionRequest,
): Promise<{ gasPrice: bigint } | { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }> {
  if (request.gasPrice !== undefined) return { gasPrice: request.gasPrice }
  const { maxFeePerGas, maxPriorityFeePerGas } = request
  if (maxFeePerGas !== undefined && maxPriorityFeePerGas !== undefined)
    return { maxFeePerGas, maxPriorityFeePerGas }
  const estimate = await estimateFeesPerGas(client, { chain: null, type: 'eip1559' })
  const maxFee = maxFeePerGas ?? estimate.maxFeePerGas
  const tip = maxPriorityFeePerGas ?? estimate.maxPriorityFeePerGas
  // A given cap also caps the tip: a tip above the fee cap is invalid (bigints: no Math.min).
  if (tip > maxFee) return { maxFeePerGas: maxFee, maxPriorityFeePerGas: maxFee }
  return { maxFeePerGas: maxFee, maxPriorityFeePerGas: tip }
}
