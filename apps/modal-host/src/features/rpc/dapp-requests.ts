/**
 * Answers the dapp's EIP-1193 requests (spec §5 "RPC methods", §6): reads go to the active
 * network (rpc-reader.ts), account methods and ERC-7846 `wallet_connect` (erc7846.ts) are answered
 * here, wallet methods go to the connected wallet.
 */
import {
  ACCOUNT_RPC_METHODS,
  type ConnectResult,
  fromHexChainId,
  isAllowedRpcMethod,
  MODAL_ERRORS,
  type Network,
  PROVIDER_ERRORS,
  RPC_INVALID_PARAMS,
  SAFE_RPC_METHODS,
  TRANSACTION_RPC_METHODS,
  toHexChainId,
  WalletFrameError,
} from '@walletframe/protocol'
import type { AccountState, WalletConnector } from '../core/index.ts'
import { walletConnectRequest } from './erc7846.ts'
import type { RpcRead } from './rpc-reader.ts'

export interface DappRequestContext {
  account(): AccountState
  chainId(): number
  activeNetwork(): Network | undefined
  findNetwork(chainId: number | undefined): Network | undefined
  /** A read of the network (the data API's endpoint or the network's RPC). */
  read: RpcRead
  connector(): WalletConnector | undefined
  /** Opens the modal and waits for the user to connect (rejects 4001 if closed). */
  requestConnect(): ConnectResult | Promise<ConnectResult>
  switchNetwork(network: Network, signal?: AbortSignal): Promise<void>
  afterTransaction(): void
  /** Spec §6: a method no list allows was refused: the modal opens and says so. */
  notAllowed(): void
  /** Spec §8: a switch to a network missing from the configured list: the modal opens and says so. */
  networkNotFound(): void
  /** The host page's origin, from the handshake (ERC-7846 sign-in messages name it). */
  hostOrigin: string | undefined
  /** EIP-5792 `wallet_showCallsStatus` for the embedded wallet: the modal shows the bundle's status. */
  showCallsStatus(id: string): Promise<void>
}

/** EIP-5792 call-bundle ids are at most 4096 bytes (hex) of the wallet's choosing. */
const MAX_CALLS_ID_LENGTH = 8194

export async function handleDappRequest(
  method: string,
  params: unknown,
  context: DappRequestContext,
  /** The host request's signal: cancelling it ends the wallet request it made. */
  signal?: AbortSignal,
): Promise<unknown> {
  // ERC-7846: connect, and sign in with the same request (erc7846.ts).
  if (method === 'wallet_connect') return walletConnectRequest(params, context, signal)
  if (!isAllowedRpcMethod(method)) {
    context.notAllowed()
    throw new WalletFrameError(MODAL_ERRORS.rpcNotAllowed)
  }
  const account = context.account()
  const connected = account.status === 'connected' && account.address !== undefined

  if (method === 'eth_chainId') return toHexChainId(context.chainId())
  if (ACCOUNT_RPC_METHODS.includes(method)) {
    if (connected) return [account.address]
    if (method === 'eth_accounts') return []
    return [(await context.requestConnect()).address]
  }
  if (SAFE_RPC_METHODS.includes(method)) {
    const network = context.findNetwork(context.chainId())
    if (!network) throw new WalletFrameError(PROVIDER_ERRORS.chainDisconnected)
    return context.read(network, method, params)
  }
  const connector = context.connector()
  if (!connected || !connector) throw new WalletFrameError(PROVIDER_ERRORS.unauthorized)
  if (method === 'wallet_switchEthereumChain') {
    const requested: unknown = (Array.isArray(params) ? params[0] : undefined)?.chainId
    const chainId = fromHexChainId(requested)
    // Spec §8 'Invalid chainId': not a positive safe integer, so no network could be meant by it.
    if (chainId === undefined)
      throw new WalletFrameError(MODAL_ERRORS.invalidChainId, { details: String(requested) })
    const network = context.findNetwork(chainId)
    if (!network) {
      context.networkNotFound()
      throw new WalletFrameError(MODAL_ERRORS.switchNetworkNotFound, { details: `chain ${chainId}` })
    }
    await context.switchNetwork(network, signal)
    return null
  }
  // EIP-5792: the embedded wallet's screen is the modal; other wallets show the status themselves.
  if (method === 'wallet_showCallsStatus' && connector.type === 'AUTH') {
    const id: unknown = Array.isArray(params) ? params[0] : undefined
    if (typeof id !== 'string' || id === '' || id.length > MAX_CALLS_ID_LENGTH)
      throw new WalletFrameError(RPC_INVALID_PARAMS, { details: 'wallet_showCallsStatus needs [id]' })
    await context.showCallsStatus(id)
    return null
  }
  const result = await connector.request(method, params, signal ? { signal } : {})
  if (TRANSACTION_RPC_METHODS.includes(method)) context.afterTransaction()
  return result
}
