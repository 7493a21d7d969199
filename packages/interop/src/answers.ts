/**
 * What the test wallet answers, shared by the wallet process and the runner that checks the answer
 * reached the dapp intact. No chain is needed: eth_sendTransaction signs with fixed nonce and fees
 * and answers the signed transaction's hash, deterministic for a given key (RFC 6979).
 */
import { type Hex, keccak256 } from 'viem'
import type { PrivateKeyAccount } from 'viem/accounts'

export const MESSAGE: Hex = '0x68656c6c6f'
export const TRANSACTION = { to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', value: '0x1' } as const

export class UnsupportedMethodError extends Error {
  readonly code = 4200
  constructor(method: string) {
    super(`The test wallet does not answer ${method}`)
  }
}

export async function answerRequest(
  account: PrivateKeyAccount,
  chainId: number,
  method: string,
  params: unknown[],
) {
  if (method === 'personal_sign') return account.signMessage({ message: { raw: params[0] as Hex } })
  if (method !== 'eth_sendTransaction') throw new UnsupportedMethodError(method)
  const { to, value } = params[0] as { to: Hex; value: Hex }
  const signed = await account.signTransaction({
    chainId,
    to,
    value: BigInt(value),
    nonce: 0,
    gas: 21_000n,
    maxFeePerGas: 1_000_000_000n,
    maxPriorityFeePerGas: 1_000_000_000n,
  })
  return keccak256(signed)
}
