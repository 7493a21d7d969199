import {
  MODAL_HTTP_FAILED,
  MODAL_HTTP_TIMEOUT,
  RPC_INTERNAL,
  TIME,
  WalletFrameError,
} from '@walletframe/protocol'
import { BaseError, createPublicClient, HttpRequestError, http, RpcRequestError, TimeoutError } from 'viem'

/** A client for the network's JSON-RPC endpoint, with the protocol's deadline and retries. */
export function createRpcClient(rpcUrl: string) {
  return createPublicClient({
    transport: http(rpcUrl, {
      timeout: TIME.httpTimeoutMs,
      retryCount: TIME.httpRetries,
      retryDelay: TIME.httpRetryDelayMs,
    }),
  })
}

export type RpcClient = ReturnType<typeof createRpcClient>

/**
 * Maps what a call to the network threw to the protocol's catalogue. A node's own JSON-RPC error
 * (a revert, insufficient funds, a nonce too low) keeps its code and message, so the dapp sees
 * what the node said; transport failures become the catalogue's HTTP errors.
 */
export function toNetworkError(error: unknown): WalletFrameError {
  if (error instanceof WalletFrameError) return error
  if (error instanceof BaseError) {
    const fromNode = error.walk((cause) => cause instanceof RpcRequestError)
    if (fromNode instanceof RpcRequestError)
      return new WalletFrameError(
        { code: fromNode.code, message: fromNode.details || fromNode.shortMessage },
        { cause: error },
      )
    if (error.walk((cause) => cause instanceof TimeoutError))
      return new WalletFrameError(MODAL_HTTP_TIMEOUT, { cause: error })
    if (error.walk((cause) => cause instanceof HttpRequestError))
      return new WalletFrameError(MODAL_HTTP_FAILED, { details: error.shortMessage, cause: error })
  }
  return new WalletFrameError(RPC_INTERNAL, { cause: error })
}
