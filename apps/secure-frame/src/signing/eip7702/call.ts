import type { Address, Hex } from 'viem'

/** One call of a batch (EIP-5792 `wallet_sendCalls` entry, after parsing): `to` is required. */
export interface Call {
  to: Address
  value?: bigint
  data?: Hex
}
