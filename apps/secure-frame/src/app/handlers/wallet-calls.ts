/**
 * EIP-5792 for the embedded wallet (spec §6, issue 14 point 3): `wallet_sendCalls` as one approval
 * and one atomic execution — a user operation from the smart account, or for the EOA one EIP-7702
 * transaction through the wallet's delegate (signing/eip7702/, upgrading the EOA first when it does
 * not delegate there yet); `wallet_getCallsStatus` by the id answered; `wallet_getCapabilities` for
 * either account.
 */
import {
  type CallCapabilities,
  callCapabilities,
  EIP7702_DELEGATE_ADDRESS,
  EMBEDDED_WALLET_CHAIN_IDS,
  type GetCallsStatusResult,
  PROVIDER_ERRORS,
  parseGetCallsStatusParams,
  parseGetCapabilitiesParams,
  parseSendCallsParams,
  type SendCallsRequest,
  type SendCallsResult,
  WALLET_CALL_ERRORS,
  WalletFrameError,
} from '@walletframe/protocol'
import type { Address, Hash } from 'viem'
import { requestApproval } from '../approval/approval-session.ts'
import type { KeyFrameContext } from '../state/frame-context.ts'
import type { WalletModule } from '../wallet/load-wallet.ts'
import { networkFor } from './account.ts'
import { smartAccountAddress, smartAccountNetwork, smartAccountNetworks } from './active-account.ts'
import type { RpcSession } from './rpc-session.ts'
import { sendFromSmartAccount } from './smart-account-requests.ts'

export async function sendCalls(session: RpcSession, params: unknown): Promise<SendCallsResult> {
  const { ctx, account } = session
  const isKnownId = (id: string) => ctx.sentBatches.has(id)
  if (account.type === 'smartAccount') {
    const network = smartAccountNetwork(ctx, session.network.id)
    const request = parseSendCallsParams(params, {
      chainIds: [network.id],
      capabilities: ['atomic', 'paymasterService'],
      atomic: 'supported',
      isKnownId,
    })
    assertFrom(session, request)
    const hash = await sendFromSmartAccount(session, network, request.calls, request.paymasterService)
    return remember(ctx, request, { kind: 'userOperation', hash })
  }
  const { wallet, vault, network, signal } = session
  const delegation = await wallet.readDelegation(wallet.createRpcClient(network.rpcUrl), account.address)
  const upgrade = !(delegation && wallet.isAddressEqual(delegation, EIP7702_DELEGATE_ADDRESS))
  const request = parseSendCallsParams(params, {
    chainIds: [network.id],
    capabilities: ['atomic'],
    atomic: upgrade ? 'ready' : 'supported',
    isKnownId,
  })
  assertFrom(session, request)
  const description = wallet.describeCalls(
    {
      from: account.address,
      accountType: 'eoa',
      calls: request.calls,
      ...(upgrade ? { eip7702Upgrade: wallet.describeEip7702Upgrade(delegation) } : {}),
    },
    { nativeCurrency: network.nativeCurrency },
  )
  const hash = (await requestApproval(
    ctx,
    { wallet, vault },
    description,
    () => wallet.sendCallsAsDelegatedEoa(vault, request.calls, network.rpcUrl, network.id, { upgrade }),
    signal,
  ).catch((error: unknown) => {
    // EIP-5792: declining a batch that needed the upgrade is declining the upgrade (5750).
    if (upgrade && (error as { reason?: unknown }).reason === PROVIDER_ERRORS.userRejected.reason)
      throw new WalletFrameError(WALLET_CALL_ERRORS.upgradeRejected)
    throw error
  })) as Hash
  return remember(ctx, request, { kind: 'transaction', hash })
}

function assertFrom({ wallet, account }: RpcSession, request: SendCallsRequest) {
  if (request.from && !wallet.isAddressEqual(request.from, account.address))
    throw wallet.accountNotAuthorizedError('wallet_sendCalls', request.from)
}

function remember(
  ctx: KeyFrameContext,
  request: SendCallsRequest,
  sent: { kind: 'userOperation' | 'transaction'; hash: Hash },
): SendCallsResult {
  const id = request.id ?? sent.hash
  ctx.sentBatches.add(id, { version: request.version, chainId: request.chainId, atomic: true, sent })
  return { id }
}

export async function callsStatus(
  ctx: KeyFrameContext,
  wallet: WalletModule,
  owner: Address,
  params: unknown,
): Promise<GetCallsStatusResult> {
  const id = parseGetCallsStatusParams(params)
  const batch = ctx.sentBatches.has(id) ? ctx.sentBatches.get(id) : await sentBefore(ctx, wallet, owner, id)
  if (batch.sent.kind === 'userOperation') {
    const network = smartAccountNetwork(ctx, batch.chainId)
    return wallet.userOperationStatus(id, batch, wallet.chainClient(network), network.bundlerUrl)
  }
  return wallet.transactionStatus(id, batch, wallet.createRpcClient(networkFor(ctx, batch.chainId).rpcUrl))
}

/**
 * An id this page does not know may still be a hash this wallet answered before a reload: it is
 * looked up on the current network, remembered when found, and otherwise answered 5730.
 */
async function sentBefore(ctx: KeyFrameContext, wallet: WalletModule, owner: Address, id: string) {
  const network = networkFor(ctx, ctx.chainId)
  const smartNetwork = smartAccountNetworks(ctx).find((candidate) => candidate.id === network.id)
  const smartAccount = smartNetwork ? await smartAccountAddress(ctx, owner) : undefined
  const found = /^0x[0-9a-fA-F]{64}$/.test(id)
    ? await wallet.findSentBatch(id as Hash, {
        chainId: network.id,
        ...(smartNetwork && smartAccount
          ? {
              smartAccount: {
                address: smartAccount,
                client: wallet.chainClient(smartNetwork),
                bundlerUrl: smartNetwork.bundlerUrl,
              },
            }
          : {}),
        eoa: { address: owner, client: wallet.createRpcClient(network.rpcUrl) },
      })
    : undefined
  if (found) ctx.sentBatches.add(id, found)
  return ctx.sentBatches.get(id)
}

/**
 * The smart account: atomic batches and paymasters on every smart-account network. The EOA: atomic
 * `supported` where it already delegates to the wallet's EIP-7702 delegate, `ready` where it can be
 * upgraded to; a network that cannot be read is left out (EIP-5792 lets a wallet omit chains).
 */
export async function walletCapabilities(
  ctx: KeyFrameContext,
  wallet: WalletModule,
  owner: Address,
  params: unknown,
): Promise<CallCapabilities> {
  const { address, chainIds } = parseGetCapabilitiesParams(params)
  const asked = (chainId: number) => !chainIds || chainIds.includes(chainId)
  const smartAccount = await smartAccountAddress(ctx, owner)
  if (smartAccount && wallet.isAddressEqual(address, smartAccount))
    return callCapabilities(
      smartAccountNetworks(ctx)
        .filter((network) => asked(network.id))
        .map((network) => ({ chainId: network.id, atomic: 'supported', paymasterService: true })),
    )
  if (!wallet.isAddressEqual(address, owner))
    throw wallet.accountNotAuthorizedError('wallet_getCapabilities', address)
  const networks = ctx.networks.filter(
    (network) => EMBEDDED_WALLET_CHAIN_IDS.includes(network.id) && asked(network.id),
  )
  const delegations = await Promise.allSettled(
    networks.map((network) => wallet.readDelegation(wallet.createRpcClient(network.rpcUrl), owner)),
  )
  return callCapabilities(
    networks.flatMap((network, index) => {
      const read = delegations[index]!
      if (read.status === 'rejected') return []
      const delegated =
        read.value !== undefined && wallet.isAddressEqual(read.value, EIP7702_DELEGATE_ADDRESS)
      return [{ chainId: network.id, atomic: delegated ? 'supported' : 'ready', paymasterService: false }]
    }),
  )
}
