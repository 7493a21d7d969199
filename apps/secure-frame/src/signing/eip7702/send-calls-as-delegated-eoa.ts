import { EIP7702_DELEGATE_ADDRESS, RPC_INTERNAL, WalletFrameError } from '@walletframe/protocol'
import {
  encodeFunctionData,
  type Hash,
  type Hex,
  isAddressEqual,
  parseAbi,
  type SignedAuthorization,
} from 'viem'
import { estimateFeesPerGas, estimateGas, getTransactionCount, sendRawTransaction } from 'viem/actions'
import type { KeyVault } from '../../custody/index.ts'
import { invalidParamsError } from '../../requests/request-errors.ts'
import { gasLimit } from '../gas-limit.ts'
import { createRpcClient, toNetworkError } from '../rpc-client.ts'
import { assertUnlocked } from '../signer.ts'
import type { Call } from './call.ts'
import { readDelegation } from './read-delegation.ts'
import { revertedCallError } from './reverted-call.ts'

const METHOD = 'wallet_sendCalls'

/** Simple7702Account's (BaseAccount v0.8) batch: callable by the account itself; one failed call reverts all. */
const delegateAbi = parseAbi([
  'struct Call { address target; uint256 value; bytes data; }',
  'function executeBatch(Call[] calls)',
])

/**
 * Sends `calls` atomically from the vault's EOA (issue 14 point 4): one transaction from the EOA to
 * itself calling `executeBatch` of the code it delegates to under EIP-7702. With `upgrade` (the EOA
 * does not delegate to EIP7702_DELEGATE_ADDRESS yet) it is a type-4 transaction carrying the vault's
 * authorization for that code; without, the EOA must already delegate there, since the batch runs
 * the delegate's code at the EOA's address. Returns the transaction's hash.
 */
export async function sendCallsAsDelegatedEoa(
  vault: KeyVault,
  calls: readonly Call[],
  rpcUrl: string,
  chainId: number,
  options: { upgrade: boolean },
): Promise<Hash> {
  assertUnlocked(vault, METHOD)
  if (calls.length === 0) throw invalidParamsError(METHOD, 'has no calls.')
  const account = vault.address
  const client = createRpcClient(rpcUrl)
  const [nonce, delegation] = await Promise.all([
    getTransactionCount(client, { address: account, blockTag: 'pending' }).catch((error: unknown) => {
      throw toNetworkError(error)
    }),
    readDelegation(client, account),
  ])
  if (!options.upgrade && !(delegation && isAddressEqual(delegation, EIP7702_DELEGATE_ADDRESS)))
    throw new WalletFrameError({
      ...RPC_INTERNAL,
      message: `${METHOD}: ${account} does not delegate to ${EIP7702_DELEGATE_ADDRESS} (EIP-7702), so it cannot run a batch without an upgrade.`,
    })

  const data = executeBatchData(calls)
  try {
    // EIP-7702: the sender's nonce is bumped before authorizations are processed, so the
    // authorization of a self-sent transaction carries the next nonce.
    const authorizationList: SignedAuthorization[] | undefined = options.upgrade
      ? [
          await vault.signAuthorization({
            contractAddress: EIP7702_DELEGATE_ADDRESS,
            chainId,
            nonce: nonce + 1,
          }),
        ]
      : undefined
    const [gas, fees] = await Promise.all([
      estimateGas(client, { account, to: account, data, authorizationList }).then(
        gasLimit,
        (error: unknown) => {
          throw revertedCallError(METHOD, error, calls.length) ?? error
        },
      ),
      estimateFeesPerGas(client, { chain: null, type: 'eip1559' }),
    ])
    const base = { chainId, nonce, to: account, data, gas, ...fees }
    const serializedTransaction = await vault.signTransaction(
      authorizationList ? { ...base, type: 'eip7702', authorizationList } : { ...base, type: 'eip1559' },
    )
    return await sendRawTransaction(client, { serializedTransaction })
  } catch (error) {
    throw toNetworkError(error)
  }
}

/** The calldata of the delegate's `executeBatch` for `calls`: what the EOA sends to itself. */
export function executeBatchData(calls: readonly Call[]): Hex {
  return encodeFunctionData({
    abi: delegateAbi,
    functionName: 'executeBatch',
    args: [calls.map((call) => ({ target: call.to, value: call.value ?? 0n, data: call.data ?? '0x' }))],
  })
}
