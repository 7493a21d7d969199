/**
 * Social and Farcaster login (spec §7 "get social redirect uri", "connect social", "get farcaster
 * uri", "connect farcaster"; docs/social-login.md, docs/farcaster.md). The key frame starts an
 * attempt bound to its own device cookie, the modal runs the popup or shows the QR code, and the
 * key frame finishes the login with its server, which keeps the PKCE verifier and checks the token.
 */
import {
  type FarcasterChannelResponse,
  type FarcasterStatusResponse,
  FRAME_ERRORS,
  type FrameChannel,
  type FrameResult,
  KEY_SERVER_PATHS,
  type Messenger,
  SOCIAL_LOGIN_PROVIDERS,
  type SocialCollectResponse,
  type SocialConnectResponse,
  type SocialLoginProvider,
  type SocialSessionResponse,
  type SocialStartResponse,
  WalletFrameError,
} from '@walletframe/protocol'
import type { Address } from 'viem'
import { askUntilAnswered } from '../key-server/ask-until-answered.ts'
import type { KeyFrameContext } from '../state/frame-context.ts'
import { releasedWallet } from './released-wallet.ts'

const isLoginProvider = (provider: string): provider is SocialLoginProvider =>
  (SOCIAL_LOGIN_PROVIDERS as readonly string[]).includes(provider)

/** A social login's session: who is signed in now; the key is rebuilt at the first approval. */
function adoptSocialSession(
  ctx: KeyFrameContext,
  answer: SocialSessionResponse,
): FrameResult<'frame.connectSocial'> {
  ctx.vault?.lock()
  ctx.socialLinkPending = false
  const wallet = answer.wallet
  ctx.session = {
    email: answer.email,
    userName: answer.userName,
    socialProvider: answer.provider,
    ...releasedWallet(wallet),
  }
  return { action: 'CONNECT', needsSetup: !wallet, userName: answer.userName, email: answer.email }
}

export function handleSocialLogin(messenger: Messenger<'child', FrameChannel>, ctx: KeyFrameContext): void {
  messenger.handle('frame.getSocialRedirectUri', async ({ provider }, { signal }) => {
    ctx.socialState = undefined
    // Farcaster has its own rows (a QR code to a phone, not a redirect).
    if (!isLoginProvider(provider)) throw new WalletFrameError(FRAME_ERRORS.featureNotEnabled)
    const answer = await ctx.server.post<SocialStartResponse>(
      KEY_SERVER_PATHS.socialStart,
      { provider, projectId: ctx.projectId, modalOrigin: ctx.modalOrigin },
      signal,
    )
    ctx.socialState = new URL(answer.uri).searchParams.get('state') ?? undefined
    return { uri: answer.uri }
  })

  // The login window was cut off (or closed): the answer its callback page left with the server.
  messenger.handle('frame.awaitSocialAnswer', async (_, { signal }) => {
    const state = ctx.socialState
    if (!state) throw new WalletFrameError(FRAME_ERRORS.notSignedIn)
    const left = await askUntilAnswered<SocialCollectResponse>(
      ctx.server,
      KEY_SERVER_PATHS.socialCollect,
      { state },
      signal,
    )
    return { uri: left.uri }
  })

  messenger.handle('frame.connectSocial', async ({ uri }, { signal }) => {
    ctx.socialState = undefined
    const answer = await ctx.server.post<SocialConnectResponse>(
      KEY_SERVER_PATHS.socialConnect,
      { uri },
      signal,
    )
    if (answer.action === 'CONNECT') return adoptSocialSession(ctx, answer)
    // The verified email is an email wallet's: a code mailed there confirms the link (frame.connectOtp).
    ctx.socialLinkPending = true
    return { action: 'VERIFY_OTP' as const, needsSetup: false, email: answer.email }
  })

  messenger.handle('frame.getFarcasterUri', async (_, { signal }) => {
    const channel = await ctx.server.post<FarcasterChannelResponse>(
      KEY_SERVER_PATHS.farcasterChannel,
      { projectId: ctx.projectId },
      signal,
    )
    ctx.farcasterChannel = channel.channelToken
    return { url: channel.url }
  })

  // The server long-polls; ask again until the phone has signed, the channel ends or the modal stops.
  messenger.handle('frame.connectFarcaster', async (_, { signal }) => {
    const channelToken = ctx.farcasterChannel
    if (!channelToken) throw new WalletFrameError(FRAME_ERRORS.notSignedIn)
    const status = await askUntilAnswered<FarcasterStatusResponse>(
      ctx.server,
      KEY_SERVER_PATHS.farcasterStatus,
      { channelToken },
      signal,
    )
    ctx.farcasterChannel = undefined
    ctx.vault?.lock()
    ctx.session = {
      userName: status.userName,
      socialProvider: 'farcaster',
      ...(status.address ? { address: status.address as Address } : {}),
    }
    return { userName: status.userName, needsSetup: status.needsSetup }
  })
}

/** frame.connectOtp after VERIFY_OTP: the code links the social identity and signs in. */
export async function linkSocialByCode(ctx: KeyFrameContext, otp: string, signal: AbortSignal) {
  const answer = await ctx.server.post<SocialSessionResponse>(KEY_SERVER_PATHS.socialOtp, { otp }, signal)
  return { needsSetup: adoptSocialSession(ctx, answer).needsSetup }
}
