/** The social login's slice of the modal state and its intents (see core/session-api.ts). */
import type { Alert, SocialProvider } from '@walletframe/protocol'
import type { Text } from '../../ui/i18n/translator.ts'

/**
 * Where a social or Farcaster login stands: the login window is open (`authorizing`), the key frame
 * checks its answer (`connecting`), a code links an email wallet (`code`, `verifying`), the QR code
 * waits for the phone (`scanning`), a new wallet is set up (`setup`), the account is read (`finishing`).
 */
export type SocialLoginStep =
  | 'authorizing'
  | 'connecting'
  | 'code'
  | 'verifying'
  | 'scanning'
  | 'setup'
  | 'finishing'
  | 'failed'

export interface SocialLoginState {
  provider: SocialProvider
  step: SocialLoginStep
  error?: Text
  /** Spec §8: the socials-timeout alert of a key-frame step that took more than 30 s. */
  alert?: Pick<Alert, 'title' | 'description'>
  /** Farcaster: the Sign In With Farcaster URL the QR code shows (spec §3 farcasterUrl). */
  farcasterUrl?: string
  /** VERIFY_OTP: the email wallet's address the link code went to. */
  email?: string
}

export interface SocialState {
  /** The providers the Connect view offers (spec §3 `socials`, §9 defaults and platform rules). */
  providers: readonly SocialProvider[]
  login?: SocialLoginState
}

declare module '../core/session-api.ts' {
  interface SessionState {
    social: SocialState
  }
  interface Session {
    /**
     * A provider's button: call it in the click handler, since it opens the login window at once
     * (Farcaster opens its QR code view instead).
     */
    connectSocial(provider: SocialProvider): void
    /** VERIFY_OTP: the code mailed to the email wallet the social identity links to. */
    submitSocialCode(code: string): void
    /** ConnectingFarcaster, after a failure: a new request and QR code. */
    retryFarcaster(): void
    copyFarcasterUrl(): Promise<void>
  }
}
