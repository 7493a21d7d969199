/**
 * The smart account's answers to the unsafe methods (issue 14 point 2): personal_sign and
 * eth_signTypedData_v4 as ERC-1271 signatures (ERC-7739, ERC-6492 while undeployed), and
 * eth_sendTransaction as a one-call user operation whose bundle transaction's hash is answered once
 * it is included. Each waits for the user's approval in the key frame first.
 */
import {
  type PaymasterServiceRequest,
  PROVIDER_UNSUPPORTED_METHOD,
  RPC_INTERNAL,
  WalletFrameError,
} from '@walletframe/protocol'
import type { Address, Hash, Hex } from 'viem'
import { invalidParamsError } from '../../requests/request-errors.ts'
import { requestApproval } from '../approval/approval-session.ts'
import { type SmartAccountNetwork, smartAccountNetwork } from './active-account.ts'
import type { RpcCall, RpcSession } from './rpc-session.ts'

export async function smartAccountRequest(session: RpcSession, request: RpcCall): Promise<unknown> {
  const { ctx, wallet, vault, signal, account } = session
  const network = smartAccountNetwork(ctx, session.network.id)
  const smartAccount = () =>
    wallet.smartAccountOf(wallet.chainClient(network), vault, account.owner, account.address)
  switch (request.method) {
    case 'personal_sign':
    case 'eth_signTypedData_v4': {
      const description = wallet.describeRequest(request, {
        chainId: network.id,
        nativeCurrency: network.nativeCurrency,
      })
      const signer =
        description.kind === 'message' || description.kind === 'typedData'
          ? description.address
          : account.owner
      if (!wallet.isAddressEqual(signer, account.address))
        throw wallet.accountNotAuthorizedError(request.method, signer)
      return requestApproval(
        ctx,
        { wallet, vault },
        description,
        async () =>
          request.method === 'personal_sign'
            ? wallet.smartAccountPersonalSign(await smartAccount(), request.params)
            : wallet.smartAccountSignTypedData(await smartAccount(), request.params, network.id),
        signal,
      )
    }
    case 'eth_sendTransaction':
      return sendTransaction(session, network, request.params)
    default:
      throw new WalletFrameError({
        ...PROVIDER_UNSUPPORTED_METHOD,
        message: `${request.method}: the smart account does not answer this method.`,
      })
  }
}

async function sendTransaction(
  session: RpcSession,
  network: SmartAccountNetwork,
  params: unknown,
): Promise<Hash> {
  const { wallet, account } = session
  const method = 'eth_sendTransaction'
  const transaction = wallet.parseTransactionParams(params)
  if (!wallet.isAddressEqual(transaction.from, account.address))
    throw wallet.accountNotAuthorizedError(method, transaction.from)
  if (!transaction.to)
    throw invalidParamsError(method, 'needs `to`: the smart account does not create contracts.')
  if (transaction.chainId !== undefined && transaction.chainId !== network.id)
    throw invalidParamsError(
      method,
      `is for chain ${transaction.chainId}, but the wallet is on chain ${network.id}.`,
    )
  const { to, value, data } = transaction
  const hash = await sendFromSmartAccount(session, network, [
    { to, ...(value ? { value } : {}), ...(data ? { data } : {}) },
  ])
  const client = wallet.chainClient(network)
  const receipt = await wallet.waitForUserOperation(client, network.bundlerUrl, hash)
  // The bundle transaction succeeds even when the operation's call reverts: say so, or the dapp
  // would read a successful receipt for a transfer that did not happen.
  if (!receipt.success)
    throw new WalletFrameError({
      ...RPC_INTERNAL,
      message: `${method}: the smart account's operation ${hash} reverted (transaction ${receipt.receipt.transactionHash}).`,
    })
  return receipt.receipt.transactionHash
}

/**
 * One approval listing the calls, then one user operation (the account's first deploys it);
 * answers the operation's hash once the bundler accepted it.
 */
export async function sendFromSmartAccount(
  { ctx, wallet, vault, signal, account }: RpcSession,
  network: SmartAccountNetwork,
  calls: readonly { to: Address; value?: bigint; data?: Hex }[],
  paymaster?: PaymasterServiceRequest,
): Promise<Hash> {
  const client = wallet.chainClient(network)
  const deployed = await wallet.isDeployed(client, account.address)
  const description = wallet.describeCalls(
    {
      from: account.address,
      accountType: 'smartAccount',
      calls,
      ...(paymaster ? { paymasterUrl: paymaster.url } : {}),
      deploysAccount: !deployed,
    },
    { nativeCurrency: network.nativeCurrency },
  )
  signal.throwIfAborted()
  return (await requestApproval(
    ctx,
    { wallet, vault },
    description,
    async () =>
      wallet.sendUserOperation({
        client,
        bundlerUrl: network.bundlerUrl,
        account: await wallet.smartAccountOf(client, vault, account.owner, account.address),
        calls,
        ...(paymaster ? { paymaster } : {}),
      }),
    signal,
  )) as Hash
}
