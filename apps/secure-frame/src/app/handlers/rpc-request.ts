/**
 * frame.rpcRequest (spec §6): safe reads go to the network's RPC without UI; the account methods
 * answer the preferred account's address (spec §4); unsafe methods open the approval and are
 * signed only after it — by the EOA, or by the smart account as ERC-1271 signatures and user
 * operations (issue 14); EIP-5792's methods serve both accounts (wallet-calls.ts); the solana_*
 * vocabulary is the Solana account's (solana-request.ts, issue 15).
 */
import {
  ACCOUNT_RPC_METHODS,
  ERC7715_RPC_METHODS,
  FRAME_ERRORS,
  type FrameChannel,
  type Messenger,
  PROVIDER_UNSUPPORTED_METHOD,
  SAFE_RPC_METHODS,
  WalletFrameError,
} from '@walletframe/protocol'
import type { Address } from 'viem'
import type { EvmRequestDescription } from '../../approval/describe-request.ts'
import { requestApproval } from '../approval/approval-session.ts'
import type { KeyFrameContext } from '../state/frame-context.ts'
import { loadWallet } from '../wallet/load-wallet.ts'
import { networkFor } from './account.ts'
import { activeAccount } from './active-account.ts'
import type { RpcCall, RpcSession } from './rpc-session.ts'
import { smartAccountRequest } from './smart-account-requests.ts'
import { solanaRequest } from './solana-request.ts'
import { callsStatus, sendCalls, walletCapabilities } from './wallet-calls.ts'

export function handleRpcRequest(messenger: Messenger<'child', FrameChannel>, ctx: KeyFrameContext): void {
  messenger.handle('frame.rpcRequest', async (request, { signal }) => {
    if (request.method.startsWith('solana_')) return solanaRequest(ctx, request, signal)
    const network = networkFor(ctx, ctx.chainId)
    const owner = ctx.session.address
    if (ACCOUNT_RPC_METHODS.includes(request.method))
      return owner ? [(await activeAccount(ctx, owner)).address] : []
    if (ERC7715_RPC_METHODS.includes(request.method)) throw permissionsRefused(request.method)
    if (request.method === 'eth_sendUserOperation')
      throw new WalletFrameError({
        ...PROVIDER_UNSUPPORTED_METHOD,
        message:
          'eth_sendUserOperation: the embedded wallet builds and signs its own user operations; send the calls with wallet_sendCalls or eth_sendTransaction.',
      })
    const { wallet, vault } = await loadWallet(ctx)
    if (SAFE_RPC_METHODS.includes(request.method))
      return wallet.forwardRead(network.rpcUrl, request.method, request.params)
    if (!owner) throw new WalletFrameError(FRAME_ERRORS.notSignedIn)
    // Both accounts' answers, whichever is preferred.
    if (request.method === 'wallet_getCapabilities')
      return walletCapabilities(ctx, wallet, owner, request.params)
    if (request.method === 'wallet_getCallsStatus') return callsStatus(ctx, wallet, owner, request.params)
    const session: RpcSession = {
      ctx,
      wallet,
      vault,
      network,
      signal,
      account: await activeAccount(ctx, owner),
    }
    if (request.method === 'wallet_sendCalls') return sendCalls(session, request.params)
    if (session.account.type === 'smartAccount') return smartAccountRequest(session, request)
    return eoaRequest(session, request)
  })
}

/**
 * ERC-7715 permissions need a session key whose limits the account enforces on chain; Solady's
 * ERC-4337 account validates its owner's signature only and takes no validator module, and no
 * session-key validator for it is published, so these are refused rather than half-granted.
 */
function permissionsRefused(method: string): WalletFrameError {
  return new WalletFrameError({
    ...PROVIDER_UNSUPPORTED_METHOD,
    message: `${method}: the embedded wallet grants no permissions (ERC-7715): its accounts have no on-chain session-key validator to enforce them.`,
  })
}

async function eoaRequest({ ctx, wallet, vault, network, signal, account }: RpcSession, request: RpcCall) {
  const description = wallet.describeRequest(request, {
    chainId: network.id,
    nativeCurrency: network.nativeCurrency,
    ...(request.method === 'eth_sendTransaction'
      ? { feeQuote: await wallet.quoteFees(network.rpcUrl, request.params) }
      : {}),
  })
  const signer = signerOf(description)
  if (!wallet.isAddressEqual(signer, account.address))
    throw wallet.accountNotAuthorizedError(request.method, signer)
  signal.throwIfAborted()
  return requestApproval(
    ctx,
    { wallet, vault },
    description,
    () => {
      switch (request.method) {
        case 'personal_sign':
          return wallet.personalSign(vault, request.params)
        case 'eth_signTypedData_v4':
          return wallet.signTypedDataV4(vault, request.params, network.id)
        default:
          return wallet.sendTransaction(vault, request.params, network.rpcUrl, network.id)
      }
    },
    signal,
  )
}

function signerOf(description: EvmRequestDescription): Address {
  if (description.kind === 'transaction' || description.kind === 'calls') return description.from
  return description.address
}
