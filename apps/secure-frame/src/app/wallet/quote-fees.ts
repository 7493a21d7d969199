import { estimateFeesPerGas, estimateGas } from 'viem/actions'
import { parseTransactionParams } from '../../requests/transaction-params.ts'
import { createRpcClient } from '../../signing/rpc-client.ts'

/** The network's fee estimate for the approval's "max fee" line; none when the network cannot say. */
export async function quoteFees(rpcUrl: string, params: unknown) {
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
