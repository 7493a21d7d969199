/** The embedded wallet's slice of the modal state and its intents (see core/session-api.ts). */
import type { Alert, FrameUser } from '@walletframe/protocol'
import type { Text } from '../../ui/i18n/translator.ts'
import type { AccountType } from '../core/index.ts'

/** Where the email login stands (spec §4 "Embedded frame": email, then device or code, then connected). */
export type EmailLoginStep =
  | 'sending'
  | 'resending'
  | 'code'
  | 'verifying'
  | 'device'
  | 'setup'
  | 'finishing'
  | 'failed'

export interface EmailLoginState {
  step: EmailLoginStep
  email: string
  /** The key frame's answer to the last step (wrong code, expired, locked, cooldown). */
  error?: Text
  /** Spec §8: the socials-timeout alert of an auth step that took more than 30 s. */
  alert?: Pick<Alert, 'title' | 'description'>
}

/** The email change of spec §4: new address, then a code for the current one, then one for the new one. */
export interface EmailUpdateState {
  step: 'email' | 'primaryCode' | 'secondaryCode'
  busy: boolean
  newEmail?: string
  error?: string
}

export interface EmbeddedState {
  /**
   * The deployment has a key frame and the integrator left `features.email` on (the key frame also
   * runs, without this, for the social logins).
   */
  available: boolean
  /** The key frame: loading, answering (after the 500 ms settle of spec §4), or unreachable. */
  frame: 'loading' | 'ready' | 'failed'
  login?: EmailLoginState
  /** When the last login code was sent (ms): spec §5's 30 s cooldown runs from it. */
  lastCodeSentAt?: number
  /** The signed-in user's email, shown on the Account view. */
  userEmail?: string
  /** A social login's user name (spec §3 user.username), shown on the Account view. */
  userName?: string
  update?: EmailUpdateState
  /** Spec §3 allAccounts: the user's EOA and the smart account it owns, as the key frame listed them. */
  accounts?: FrameUser['accounts']
  /** Spec §3: the smart account has code on the connected chain (its first transaction deploys it). */
  smartAccountDeployed?: boolean
  /** A switch of account type under way, or why the last one failed. */
  accountSwitch?: { busy: boolean; error?: string }
}

declare module '../core/session-api.ts' {
  interface SessionState {
    embedded: EmbeddedState
  }
  interface Session {
    /** Connect view: starts the email login, or says why it cannot start (invalid, cooldown). */
    submitEmail(email: string): void
    submitLoginCode(code: string): void
    resendLoginCode(): void
    /** A view's body the key frame is laid over while mounted (wallet setup, approval); null hides it. */
    placeKeyFrame(placeholder: HTMLElement | null): void
    /** Account view: opens the email change (EmailUpdate). */
    startEmailUpdate(): void
    /** EmailUpdate: the new address, then each code, in turn. */
    submitEmailUpdate(value: string): void
    /** Account view: makes the embedded wallet's EOA or smart account the connected account (spec §4). */
    switchAccountType(type: AccountType): Promise<void>
  }
}
