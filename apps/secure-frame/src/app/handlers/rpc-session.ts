import type { FrameNetwork } from '@walletframe/protocol'
import type { KeyVault } from '../../custody/vault.ts'
import type { KeyFrameContext } from '../state/frame-context.ts'
import type { WalletModule } from '../wallet/load-wallet.ts'
import type { ActiveAccount } from './active-account.ts'

export type RpcCall = { method: string; params?: unknown }

/** One dapp request as the key frame serves it: on the current network, by the preferred account. */
export interface RpcSession {
  ctx: KeyFrameContext
  wallet: WalletModule
  vault: KeyVault
  network: FrameNetwork
  account: ActiveAccount
  signal: AbortSignal
}
