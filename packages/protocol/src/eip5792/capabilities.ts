import { toHexChainId } from '../caip.ts'
import type { AtomicStatus, CallCapabilities } from './shapes.ts'

/** What the wallet can do for one account on one chain. */
export interface ChainCapabilityFacts {
  chainId: number
  atomic: AtomicStatus
  /** Whether the wallet uses an ERC-7677 paymaster service a dapp names in `wallet_sendCalls`. */
  paymasterService: boolean
}

/** `wallet_getCapabilities`' answer: each chain's capabilities under its hex chain id (`0x7a69`). */
export function callCapabilities(chains: readonly ChainCapabilityFacts[]): CallCapabilities {
  return Object.fromEntries(
    chains.map((chain) => [
      toHexChainId(chain.chainId),
      { atomic: { status: chain.atomic }, paymasterService: { supported: chain.paymasterService } },
    ]),
  )
}
