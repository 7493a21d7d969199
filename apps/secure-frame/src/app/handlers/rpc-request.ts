/**
 * frame.rpcRequest (spec §6): safe reads go to the network's RPC without UI; the account methods
 * answer the signed-in address; unsafe methods open the approval and are signed only after it.
 */
import {
  ACCOUNT_RPC_METHODS,
  FRAME_ERRORS,
  type FrameChannel,
  type Messenger,
  SAFE_RPC_METHODS,
  WalletFrameError,
} from '@walletframe/protocol'
import { type Address, isAddressEqual } from 'viem'
import { estimateFeesPerGas, estimateGas } from 'viem/actions'
import { describeRequest, type RequestDescription } from '../../approval/describe-request.ts'
import { accountNotAuthorizedError } from '../../requests/request-errors.ts'
import { parseTransactionParams } from '../../requests/transaction-params.ts'
import { forwardRead, personalSign, sendTransaction, signTypedDataV4 } from '../../signing/index.ts'
import { createRpcClient } from '../../signing/rpc-client.ts'
import { requestApproval } from '../approval/approval-session.ts'
import type { KeyFrameContext } from '../state/frame-context.ts'
import { networkFor } from './account.ts'

type RpcCall = { method: string; params?: unknown }

export function handleRpcRequest(messenger: Messenger<'child', FrameChannel>, ctx: KeyFrameContext): void {
  messenger.handle('frame.rpcRequest', async (request, { signal }) => {
    const network = networkFor(ctx, ctx.chainId)
    if (SAFE_RPC_METHODS.includes(request.method))
      return forwardRead(network.rpcUrl, request.method, request.params)
    const address = ctx.session.address
    if (ACCOUNT_RPC_METHODS.includes(request.method)) return address ? [address] : []
    if (!address) throw new WalletFrameError(FRAME_ERRORS.notSignedIn)
    const description = describeRequest(request, {
      chainId: network.id,
      nativeCurrency: network.nativeCurrency,
      ...(request.method === 'eth_sendTransaction'
        ? { feeQuote: await quoteFees(network.rpcUrl, request.params) }
        : {}),
    })
    const signer = signerOf(description)
    if (!isAddressEqual(signer, address)) throw accountNotAuthorizedError(request.method, signer)
    return requestApproval(ctx, description, () => sign(ctx, request, network.rpcUrl), signal)
  })
}

function signerOf(description: RequestDescription): Address {
  return description.kind === 'transaction' ? description.from : description.address
}

function sign(ctx: KeyFrameContext, request: RpcCall, rpcUrl: string): Promise<unknown> {
  switch (request.method) {
    case 'personal_sign':
      return personalSign(ctx.vault, request.params)
    case 'eth_signTypedData_v4':
      return signTypedDataV4(ctx.vault, request.params, ctx.chainId)
    default:
      return sendTransaction(ctx.vault, request.params, rpcUrl, ctx.chainId)
  }
}

/** The network's fee estimate for the approval's "max fee" line; none when the network cannot say. */
async function quoteFees(rpcUrl: string, params: unknown) {
  try {
    const { from, to, value, data } = parseTransactionParams(params)
    const client = createRpcClient(rpcUrl)
    const [gas, fees] = await Promise.all([
      estimateGas(client, { account: from, to, value, data }),
      estimateFeesPerGas(client, { chain: null, type: 'eip1559' }),
    ])
    return { gas, maxFeePerGas: fees.maxFeePerGas }
  } catch {
    return undefined
  }
}
