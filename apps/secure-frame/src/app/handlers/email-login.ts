/**
 * Email login and email update (spec §4 "Embedded frame", §7 "Embedded frame messages"): each step
 * is one request to the key server; its answer or error is the step's success or error event.
 */
import {
  type DeviceWaitResponse,
  type EmailLoginResponse,
  type EmailUpdatePrimaryResponse,
  type EmailUpdateResponse,
  type EmailUpdateSecondaryResponse,
  type FrameChannel,
  KEY_SERVER_PATHS,
  type Messenger,
  type OtpVerifyResponse,
} from '@walletframe/protocol'
import type { KeyFrameContext } from '../state/frame-context.ts'
import { releasedWallet } from './released-wallet.ts'
import { linkSocialByCode } from './social-login.ts'

export function handleEmailLogin(messenger: Messenger<'child', FrameChannel>, ctx: KeyFrameContext): void {
  messenger.handle('frame.connectEmail', async ({ email }, { signal }) => {
    const answer = await ctx.server.post<EmailLoginResponse>(
      KEY_SERVER_PATHS.emailLogin,
      { email, projectId: ctx.projectId },
      signal,
    )
    return { action: answer.action }
  })

  // The server long-polls for the mailed link; ask again until it is opened or the modal gives up.
  messenger.handle('frame.connectDevice', async (_, { signal }) => {
    while (!(await ctx.server.post<DeviceWaitResponse>(KEY_SERVER_PATHS.deviceWait, {}, signal)).confirmed) {
      signal.throwIfAborted()
    }
    return null
  })

  messenger.handle('frame.connectOtp', async ({ otp }, { signal }) => {
    if (ctx.socialLinkPending) return linkSocialByCode(ctx, otp, signal)
    const answer = await ctx.server.post<OtpVerifyResponse>(KEY_SERVER_PATHS.otpVerify, { otp }, signal)
    // A new login starts from a locked vault: the key is rebuilt at the first approval.
    ctx.vault?.lock()
    ctx.session = {
      email: answer.email,
      ...releasedWallet(answer.wallet),
    }
    return { needsSetup: answer.wallet === undefined }
  })

  messenger.handle('frame.updateEmail', async ({ email }, { signal }) => {
    const answer = await ctx.server.post<EmailUpdateResponse>(KEY_SERVER_PATHS.emailUpdate, { email }, signal)
    return { action: answer.action }
  })

  messenger.handle('frame.updateEmailPrimaryOtp', async ({ otp }, { signal }) => {
    await ctx.server.post<EmailUpdatePrimaryResponse>(KEY_SERVER_PATHS.emailUpdatePrimary, { otp }, signal)
    return null
  })

  messenger.handle('frame.updateEmailSecondaryOtp', async ({ otp }, { signal }) => {
    const answer = await ctx.server.post<EmailUpdateSecondaryResponse>(
      KEY_SERVER_PATHS.emailUpdateSecondary,
      { otp },
      signal,
    )
    ctx.session = { ...ctx.session, email: answer.newEmail }
    return { newEmail: answer.newEmail }
  })
}
