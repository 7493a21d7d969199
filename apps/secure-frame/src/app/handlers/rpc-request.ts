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
import type { Address } from 'viem'
import type { RequestDescription } from '../../approval/describe-request.ts'
import type { KeyVault } from '../../custody/vault.ts'
import { requestApproval } from '../approval/approval-session.ts'
import type { KeyFrameContext } from '../state/frame-context.ts'
import { loadWallet, type WalletModule } from '../wallet/load-wallet.ts'
import { networkFor } from './account.ts'

type RpcCall = { method: string; params?: unknown }

export function handleRpcRequest(messenger: Messenger<'child', FrameChannel>, ctx: KeyFrameContext): void {
  messenger.handle('frame.rpcRequest', async (request, { signal }) => {
    const network = networkFor(ctx, ctx.chainId)
    const address = ctx.session.address
    if (ACCOUNT_RPC_METHODS.includes(request.method)) return address ? [address] : []
    const { wallet, vault } = await loadWallet(ctx)
    if (SAFE_RPC_METHODS.includes(request.method))
      return wallet.forwardRead(network.rpcUrl, request.method, request.params)
    if (!address) throw new WalletFrameError(FRAME_ERRORS.notSignedIn)
    const description = wallet.describeRequest(request, {
      chainId: network.id,
      nativeCurrency: network.nativeCurrency,
      ...(request.method === 'eth_sendTransaction'
        ? { feeQuote: await wallet.quoteFees(network.rpcUrl, request.params) }
        : {}),
    })
    const signer = signerOf(description)
    if (!wallet.isAddressEqual(signer, address))
      throw wallet.accountNotAuthorizedError(request.method, signer)
    signal.throwIfAborted()
    return requestApproval(
      ctx,
      { wallet, vault },
      description,
      () => sign(wallet, vault, ctx.chainId, request, network.rpcUrl),
      signal,
    )
  })
}

function signerOf(description: RequestDescription): Address {
  return description.kind === 'transaction' ? description.from : description.address
}

function sign(wallet: WalletModule, vault: KeyVault, chainId: number, request: RpcCall, rpcUrl: string) {
  switch (request.method) {
    case 'personal_sign':
      return wallet.personalSign(vault, request.params)
    case 'eth_signTypedData_v4':
      return wallet.signTypedDataV4(vault, request.params, chainId)
    default:
      return wallet.sendTransaction(vault, request.params, rpcUrl, chainId)
  }
}
