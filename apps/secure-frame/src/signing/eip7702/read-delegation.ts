import { type Address, getAddress, type Hex } from 'viem'
import { getCode } from 'viem/actions'
import { type RpcClient, toNetworkError } from '../rpc-client.ts'

/** EIP-7702's delegation designator: `0xef0100` followed by the 20-byte address of the code to run. */
const DESIGNATOR = /^0xef0100([0-9a-f]{40})$/i

/**
 * The address whose code `address` runs under EIP-7702, read from eth_getCode; undefined for a
 * plain EOA (no code) and for a contract (code that is not a designator).
 */
export async function readDelegation(client: RpcClient, address: Address): Promise<Address | undefined> {
  let code: Hex | undefined
  try {
    code = await getCode(client, { address })
  } catch (error) {
    throw toNetworkError(error)
  }
  const target = code && DESIGNATOR.exec(code)?.[1]
  return target ? getAddress(`0x${target}`) : undefined
}
