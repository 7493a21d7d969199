import type { Hex } from 'viem'
import type { KeyVault } from '../custody/index.ts'
import { asViemTypedData, parseTypedDataParams } from '../requests/typed-data-params.ts'
import { assertSigner } from './signer.ts'

/**
 * eth_signTypedData_v4 (EIP-712) with the vault's key. `params`: `[address, typedData]`, the data
 * as JSON text or an object. With `chainId`, data whose domain names another chain is refused.
 */
export async function signTypedDataV4(vault: KeyVault, params: unknown, chainId?: number): Promise<Hex> {
  const { address, typedData } = parseTypedDataParams(params, chainId)
  assertSigner(vault, 'eth_signTypedData_v4', address)
  return vault.signTypedData(asViemTypedData(typedData))
}
