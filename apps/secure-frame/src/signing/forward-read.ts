import { MODAL_RPC_NOT_ALLOWED, SAFE_RPC_METHODS, WalletFrameError } from '@walletframe/protocol'
import { invalidParamsError } from '../requests/request-errors.ts'
import { createRpcClient, toNetworkError } from './rpc-client.ts'

/**
 * Answers a safe JSON-RPC method (spec §6: reads and eth_sendRawTransaction) from the network's
 * endpoint. Any other method is refused before anything is sent: signing never goes this way.
 */
export async function forwardRead(rpcUrl: string, method: string, params?: unknown): Promise<unknown> {
  if (!SAFE_RPC_METHODS.includes(method))
    throw new WalletFrameError(MODAL_RPC_NOT_ALLOWED, { details: `${method} is not a read method.` })
  if (params !== undefined && !Array.isArray(params))
    throw invalidParamsError(method, 'expects its params as an array.')
  try {
    // The method is checked against the list at run time; viem's typed request cannot know which.
    return await createRpcClient(rpcUrl).request({ method, params } as never)
  } catch (error) {
    throw toNetworkError(error)
  }
}
