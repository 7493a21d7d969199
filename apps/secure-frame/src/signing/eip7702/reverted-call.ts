import { WalletFrameError } from '@walletframe/protocol'
import { BaseError, decodeErrorResult, type Hex, isHex, parseAbi, RpcRequestError } from 'viem'

/**
 * BaseAccount v0.8's wrapping of a failed call in a batch of two or more; Solidity's revert reason.
 * (viem decodes `Error(string)` and `Panic(uint256)` with any ABI: hence the checks of `errorName`.)
 */
const executeErrorAbi = parseAbi(['error ExecuteError(uint256 index, bytes returnData)'])
const reasonAbi = parseAbi(['error Error(string)'])

/**
 * Names the call that made the node refuse a batch (estimating its gas reverted): which one, of
 * how many, and why when it gave a reason; the node's code stays. Undefined for any other failure.
 */
export function revertedCallError(
  method: string,
  error: unknown,
  count: number,
): WalletFrameError | undefined {
  if (!(error instanceof BaseError)) return undefined
  const fromNode = error.walk((cause) => cause instanceof RpcRequestError)
  if (!(fromNode instanceof RpcRequestError) || !isHex(fromNode.data)) return undefined
  const wrapped = decode(executeErrorAbi, fromNode.data)
  // A batch of one reverts with the call's own data, unwrapped (BaseAccount.executeBatch).
  const [index, data] =
    wrapped?.errorName === 'ExecuteError' ? [Number(wrapped.args[0]), wrapped.args[1]] : [0, fromNode.data]
  const reason = decode(reasonAbi, data)
  const why = reason?.errorName === 'Error' ? `: ${reason.args[0]}` : ''
  return new WalletFrameError(
    {
      code: fromNode.code,
      message: `${method}: call ${index + 1} of ${count} reverts${why}; nothing was sent.`,
    },
    { cause: error },
  )
}

function decode<const abi extends typeof executeErrorAbi | typeof reasonAbi>(abi: abi, data: Hex) {
  try {
    return decodeErrorResult({ abi, data })
  } catch {
    return undefined
  }
}
