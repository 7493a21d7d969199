/** Every request of the key-frame table (spec §7 "Embedded frame messages" + wallet setup) gets its handler. */
import type { FrameChannel, Messenger } from '@walletframe/protocol'
import type { KeyFrameContext } from '../state/frame-context.ts'
import { handleAccount } from './account.ts'
import { handleEmailLogin } from './email-login.ts'
import { handleRpcRequest } from './rpc-request.ts'
import { handleSetupWallet } from './setup-wallet.ts'
import { handleSocialLogin } from './social-login.ts'

export function registerHandlers(messenger: Messenger<'child', FrameChannel>, ctx: KeyFrameContext): void {
  handleEmailLogin(messenger, ctx)
  handleAccount(messenger, ctx)
  handleSetupWallet(messenger, ctx)
  handleSocialLogin(messenger, ctx)
  handleRpcRequest(messenger, ctx)
}
