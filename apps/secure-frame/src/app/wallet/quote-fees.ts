import { estimateFeesPerGas, estimateGas } from 'viem/actions'
import { parseTransactionParams } from '../../requests/transaction-params.ts'
import { gasLimit } from '../../signing/gas-limit.ts'
import { createRpcClient } from '../../signing/rpc-client.ts'

/**
 * The approval's "max fee" line: the gas limit the key frame will sign times the network's max fee
 * per gas; none when the network cannot say.
 */
export async function quoteFees(rpcUrl: string, params: unknown) {
  try {
    const { from, to, value, data } = parseTransactionParams(params)
    const client = createRpcClient(rpcUrl)
    const [gas, fees] = await Promise.all([
      estimateGas(client, { account: from, to, value, data }),
      estimateFeesPerGas(client, { chain: null, type: 'eip1559' }),
    ])
    return { gas: gasLimit(gas), maxFeePerGas: fees.maxFeePerGas }
  } catch {
    return undefined
  }
}
