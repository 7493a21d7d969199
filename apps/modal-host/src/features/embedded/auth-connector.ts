/**
 * The embedded wallet as a connector (spec §3 connector type AUTH): every call is a request to the
 * key frame (spec §7 "Embedded frame messages"). A request the dapp cancels cancels the key frame's
 * request too (the dapp's signal is passed on). Unsafe methods (spec §6) run through `approve`,
 * which shows the key frame's approval view first.
 */
import {
  APPROVAL_RPC_METHODS,
  EMBEDDED_WALLET_CHAIN_IDS,
  FRAME_ERRORS,
  type FrameParams,
  type FrameUser,
  fromHexChainId,
  KEY_SERVER_SESSION_REQUIRED,
  MODAL_ERRORS,
  type SocialProvider,
  toWireError,
  WalletFrameError,
} from '@walletframe/protocol'
import type { ConnectedAccount, WalletConnector } from '../core/index.ts'
import type { FrameMessenger } from './key-frame.machine.ts'

export const EMBEDDED_CONNECTOR_ID = 'walletframe-embedded'

/** The address of the account of the user's preferred type (the key frame's `address` otherwise). */
export const activeAddress = (user: FrameUser): string =>
  user.accounts.find((account) => account.type === user.preferredAccountType)?.address ?? user.address

/** What the key frame answers when its key server no longer honours the session (spec §8 Session Expired). */
const SESSION_REFUSED: readonly string[] = [
  KEY_SERVER_SESSION_REQUIRED.reason,
  FRAME_ERRORS.notSignedIn.reason,
]

/** The key frame answered that the session it stood for is gone: expired, signed out elsewhere. */
export const isSessionRefused = (error: unknown) => SESSION_REFUSED.includes(toWireError(error).reason ?? '')

/** Runs `call` with the approval view shown; `signal` is the dapp's. */
export type Approve = (
  call: (signal: AbortSignal) => Promise<unknown>,
  signal?: AbortSignal,
) => Promise<unknown>

export interface AuthConnector extends WalletConnector {
  /** The key frame's messenger, once it is ready (rejects when it is unavailable). */
  frame(): Promise<FrameMessenger>
}

export function createAuthConnector(context: {
  frame(): Promise<FrameMessenger>
  activeChainId(): number
  approve: Approve
  /** The user as the key frame describes them (their email is shown on the Account view). */
  onUser(user: FrameUser): void
  /** frame.getUser with the account type to use (account-types.ts). */
  readUser(frame: FrameMessenger, chainId: number): Promise<FrameUser>
  /** The social login in use, if any (spec §3 socialProvider), from the hints kept through the SDK. */
  socialProvider(): SocialProvider | undefined
  /** Spec §8 Session Expired: a request of the connected wallet was refused for its session. */
  onSessionRefused(): void
}): AuthConnector {
  const { frame } = context
  const signOut = async () => {
    await (await frame()).request('frame.signOut', {})
  }
  /**
   * The signed-in user. Spec §8: when it cannot be read, 'A problem occurred while trying initialize
   * authentication', and the key frame is signed out (the session must not outlive a failed connect).
   */
  const user = async (): Promise<ConnectedAccount> => {
    try {
      const found = await context.readUser(await frame(), context.activeChainId())
      context.onUser(found)
      const socialProvider = context.socialProvider()
      return {
        address: activeAddress(found),
        chainId: found.chainId,
        type: found.preferredAccountType,
        ...(socialProvider ? { socialProvider } : {}),
      }
    } catch (error) {
      await signOut().catch(() => undefined)
      throw new WalletFrameError(MODAL_ERRORS.authInitFailed, { cause: error })
    }
  }
  /** Spec §6, §9: the embedded wallet works only on its networks. */
  const supportedChain = (params: unknown): number => {
    const chainId = fromHexChainId((Array.isArray(params) ? params[0] : undefined)?.chainId)
    if (chainId === undefined || !EMBEDDED_WALLET_CHAIN_IDS.includes(chainId))
      throw new WalletFrameError(FRAME_ERRORS.unsupportedChain, { details: String(chainId) })
    return chainId
  }

  const walletRequest: WalletConnector['request'] = async (method, params, options = {}) => {
    const messenger = await frame()
    if (method === 'wallet_switchEthereumChain') {
      await messenger.request('frame.switchNetwork', { chainId: supportedChain(params) }, options)
      return null
    }
    if (method === 'wallet_addEthereumChain') return supportedChain(params) && null
    const rpc = {
      method,
      ...(params === undefined ? {} : { params: params as FrameParams<'frame.rpcRequest'>['params'] }),
    }
    if (!APPROVAL_RPC_METHODS.includes(method)) return messenger.request('frame.rpcRequest', rpc, options)
    return context.approve((signal) => messenger.request('frame.rpcRequest', rpc, { signal }), options.signal)
  }

  return {
    id: EMBEDDED_CONNECTOR_ID,
    name: 'Email',
    type: 'AUTH',
    frame,
    // The login steps ran in the email flow; connecting is reading the user they signed in.
    connect: () => user(),
    // Only asked when the host remembers this connector as connected: a session the key server
    // no longer has is one that expired under the user (spec §8 Session Expired).
    async reconnect() {
      const { isConnected } = await (await frame()).request('frame.isConnected', {})
      if (!isConnected) throw new WalletFrameError(MODAL_ERRORS.embeddedSessionExpired)
      return user()
    },
    async request(method, params, options = {}) {
      try {
        return await walletRequest(method, params, options)
      } catch (error) {
        if (!isSessionRefused(error)) throw error
        context.onSessionRefused()
        throw new WalletFrameError(MODAL_ERRORS.embeddedSessionExpired, { cause: error })
      }
    },
    disconnect: signOut,
  }
}
