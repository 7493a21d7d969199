/**
 * The social and Farcaster logins as the session sees them (spec §2 ConnectingFarcaster, §4
 * "Embedded frame"; docs/social-login.md): which providers are offered, the click that opens the
 * login window, and the state the views read. Kept out of session.ts, as the email login is.
 */
import {
  type ModalInit,
  type SocialProvider,
  UI_MESSAGES,
  type ViewName,
  type WireError,
} from '@walletframe/protocol'
import type { EventFromLogic, SnapshotFrom } from 'xstate'
import { copyText } from '../../ui/clipboard.ts'
import type { Store } from '../../ui/store.ts'
import type { Session, SessionState } from '../core/index.ts'
import { type AuthConnector, type LoginHints, loginFailure } from '../embedded/index.ts'
import type { SocialLoginInput, socialLoginMachine } from './social-login.machine.ts'
import { openSocialPopup, type PopupHost } from './social-popup.ts'
import { type SocialPlatform, visibleSocials } from './socials.ts'
import type { SocialLoginState, SocialLoginStep, SocialState } from './state.ts'

export const SOCIAL_IDLE: SocialState = { providers: [] }

export interface SocialOptions {
  /** The window the login window is opened from, whose messages are heard (tests pass a fake). */
  popupHost?: PopupHost
  /** What the platform rules of spec §9 look at; defaults to this browser's. */
  platform?: SocialPlatform
}

/** The providers offered, for the options and this browser. */
export function socialProviders(
  init: ModalInit,
  options: SocialOptions | undefined,
): readonly SocialProvider[] {
  const platform = options?.platform ?? {
    userAgent: globalThis.navigator?.userAgent ?? '',
    maxTouchPoints: globalThis.navigator?.maxTouchPoints ?? 0,
  }
  return visibleSocials(init.features.socials, platform)
}

/** The embedded wallet as the social login needs it (features/embedded's `Embedded`). */
export interface SocialKeyFrame {
  connector: AuthConnector
  /** The key frame's origin: the callback page posts from it. */
  origin: string
  hints: LoginHints
}

type LoginSnapshot = SnapshotFrom<typeof socialLoginMachine>

const STEP_OF: Record<string, SocialLoginStep> = {
  starting: 'authorizing',
  popup: 'authorizing',
  cutOff: 'failed',
  connecting: 'connecting',
  code: 'code',
  verifying: 'verifying',
  farcasterUri: 'scanning',
  farcaster: 'scanning',
  setup: 'setup',
  finishing: 'finishing',
  connected: 'finishing',
  failed: 'failed',
}

/** A parallel state's value is an object: its name is the key. */
const stateName = (value: LoginSnapshot['value']) =>
  typeof value === 'string' ? value : (Object.keys(value)[0] ?? '')

export function createSocial(context: {
  providers: readonly SocialProvider[]
  store: Store<SessionState>
  keyFrame: SocialKeyFrame
  options: SocialOptions | undefined
  push(view: ViewName): void
  startLogin(connector: AuthConnector, login: SocialLoginInput): void
  sendLogin(event: EventFromLogic<typeof socialLoginMachine>): void
  toast(variant: 'success' | 'error', message: string): void
}) {
  const { store, keyFrame } = context
  const update = (patch: Partial<SocialState>) =>
    store.set((state) => ({ social: { ...state.social, ...patch } }))
  update({ providers: context.providers })
  const showView = (view: ViewName) => store.get().view !== view && context.push(view)

  return {
    connectSocial(provider: SocialProvider) {
      if (!context.providers.includes(provider)) return
      const farcaster = provider === 'farcaster'
      // In the click's task: a popup opened after an await is blocked.
      const popup = farcaster
        ? undefined
        : openSocialPopup(context.options?.popupHost ?? (globalThis.window as PopupHost), keyFrame.origin)
      showView(farcaster ? 'ConnectingFarcaster' : 'ConnectingSocial')
      context.startLogin(keyFrame.connector, {
        provider,
        connector: keyFrame.connector,
        ...(popup ? { popup } : {}),
        remember: (userName) => keyFrame.hints.rememberSocial(provider, userName),
      })
    },
    submitSocialCode: (code: string) => context.sendLogin({ type: 'SUBMIT_CODE', code }),
    retryFarcaster: () => context.sendLogin({ type: 'RETRY' }),
    async copyFarcasterUrl() {
      const url = store.get().social.login?.farcasterUrl
      if (url) await copyText(url, UI_MESSAGES.linkCopied, context.toast)
    },
    /** What the login flow reports: its step, for the views. */
    reportLogin(snapshot: LoginSnapshot | undefined) {
      if (!snapshot) return update({ login: undefined })
      const { login, error, farcasterUrl, email } = snapshot.context
      const state: SocialLoginState = {
        provider: login.provider,
        step: STEP_OF[stateName(snapshot.value)] ?? 'failed',
        ...loginFailure(error as WireError | undefined),
        ...(farcasterUrl ? { farcasterUrl } : {}),
        ...(email ? { email } : {}),
      }
      update({ login: state })
    },
  }
}

export type Social = ReturnType<typeof createSocial>

type SocialIntents = Pick<
  Session,
  'connectSocial' | 'submitSocialCode' | 'retryFarcaster' | 'copyFarcasterUrl'
>

/** The intents of state.ts, for the session to offer; they do nothing without a key frame. */
export function socialIntents(current: () => Social | undefined): SocialIntents {
  return {
    connectSocial: (provider) => current()?.connectSocial(provider),
    submitSocialCode: (code) => current()?.submitSocialCode(code),
    retryFarcaster: () => current()?.retryFarcaster(),
    copyFarcasterUrl: async () => current()?.copyFarcasterUrl(),
  }
}
