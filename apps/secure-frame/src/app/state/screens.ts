/**
 * What the key frame shows. It is hidden (idle) except during wallet setup and approval, where the
 * modal lays it over its view (docs/embedded-wallet.md "Where things run").
 */
import type { FrameParams, ThemeMode, ThemeVariables } from '@walletframe/protocol'
import type { RequestDescription } from '../../approval/describe-request.ts'
import type { ClickLike, VisibilityGuard } from '../guard/visibility-guard.ts'

export type DappData = FrameParams<'frame.syncDappData'>

export interface SetupScreen {
  kind: 'setup'
  /**
   * start: the create button; keyWindow: the passkey gave no PRF, so the key window is offered
   * (another click); saveCode: the recovery code, once.
   */
  step: 'start' | 'keyWindow' | 'saveCode'
  /** A ceremony, the key window or the server is at work: the step's buttons wait. */
  busy: boolean
  /** Whether a passkey is tried first; otherwise the key window keeps the device share. */
  passkeysAvailable: boolean
  recoveryCode?: string
  /** Set when this browser keeps no device share: the recovery code alone brings the wallet back. */
  recoveryOnlyNotice?: string
  error?: string
  /** The create button's click: passkey or key window, then the wallet. */
  create(): void
  /** The keyWindow step's click: open the key window for the device share the passkey could not keep. */
  keepInKeyWindow(): void
  skipKeyWindow(): void
  confirmSaved(): void
}

export interface ApprovalScreen {
  kind: 'approval'
  description: RequestDescription
  dapp: DappData | undefined
  /** ready: Approve/Reject; working: unlocking or signing; recovery: the recovery-code form. */
  status: 'ready' | 'working' | 'recovery'
  /** Approve is disabled when the frame's visibility cannot be checked (IO v2 missing). */
  visibilityUnsupported: boolean
  /** The key is not in memory yet: Approve unlocks with the passkey, or the recovery code is used. */
  locked: boolean
  notice?: string
  error?: string
  /** The UI hands over the guard it made for its own element. */
  attachGuard(guard: VisibilityGuard): void
  approve(click: ClickLike): void
  reject(): void
  /** The submit counts only as a click Approve would count (the same visibility guard). */
  useRecoveryCode(code: string, click: ClickLike): void
  showRecoveryForm(): void
}

export type Screen = { kind: 'idle' } | SetupScreen | ApprovalScreen

export interface ViewState {
  themeMode: ThemeMode
  themeVariables: ThemeVariables
  screen: Screen
}
