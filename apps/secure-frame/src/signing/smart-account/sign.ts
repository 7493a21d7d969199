/**
 * personal_sign and eth_signTypedData_v4 for the smart account: ERC-1271 signatures whose inner
 * signature is the owner's over ERC-7739 nested typed data (bound to this account, so it cannot be
 * replayed on another account of the same owner), wrapped in ERC-6492 while the account is not
 * deployed (the verifier deploys it in a simulation). viem's verifyMessage / verifyTypedData check
 * both. The params are parsed as the EOA's are; the address they name must be the smart account's.
 */
import { type Hex, isAddressEqual } from 'viem'
import { parsePersonalSignParams } from '../../requests/personal-sign-params.ts'
import { accountNotAuthorizedError } from '../../requests/request-errors.ts'
import { asViemTypedData, parseTypedDataParams } from '../../requests/typed-data-params.ts'
import { toNetworkError } from '../rpc-client.ts'
import type { WalletSmartAccount } from './account.ts'

export async function smartAccountPersonalSign(account: WalletSmartAccount, params: unknown): Promise<Hex> {
  const { message, address } = parsePersonalSignParams(params)
  if (!isAddressEqual(address, account.address)) throw accountNotAuthorizedError('personal_sign', address)
  try {
    return await account.signMessage({
      message: message.kind === 'bytes' ? { raw: message.raw } : message.text,
    })
  } catch (error) {
    throw toNetworkError(error)
  }
}

export async function smartAccountSignTypedData(
  account: WalletSmartAccount,
  params: unknown,
  chainId: number,
): Promise<Hex> {
  const { address, typedData } = parseTypedDataParams(params, chainId)
  if (!isAddressEqual(address, account.address))
    throw accountNotAuthorizedError('eth_signTypedData_v4', address)
  try {
    return await account.signTypedData(asViemTypedData(typedData))
  } catch (error) {
    throw toNetworkError(error)
  }
}
