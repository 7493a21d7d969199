import {
  ALERTS,
  type Alert,
  CHANNEL_ERRORS,
  FRAME_ERRORS,
  MODAL_ERRORS,
  toWireError,
  type WireError,
} from '@walletframe/protocol'
import type { EmailLoginState } from './state.ts'

/**
 * How a failed login step (email or social) is shown: the key frame's message, or an alert of spec
 * §8: socials-timeout for a step that took more than its 30 s, the embedded wallet's unavailability
 * for a key frame that did not load, the auth-init problem for a user that could not be read after it.
 */
export function loginFailure(error: WireError | undefined): Pick<EmailLoginState, 'error' | 'alert'> {
  if (!error) return {}
  if (error.reason === CHANNEL_ERRORS.timeout.reason)
    return { error: ALERTS.socialsTimeout.title, alert: ALERTS.socialsTimeout }
  if (error.reason === FRAME_ERRORS.loadFailed.reason)
    return { error: error.message, alert: ALERTS.embeddedWalletUnavailable }
  if (error.reason === MODAL_ERRORS.authInitFailed.reason)
    return { error: error.message, alert: ALERTS.authInitFailed }
  return { error: error.message }
}

/**
 * The alert of spec §8 a failed reconnect of the embedded wallet calls for: Session Expired when the
 * key server no longer has the session, the auth-init problem when its user could not be read.
 */
export function reconnectAlert(error: unknown): Alert | undefined {
  const { reason } = toWireError(error)
  if (reason === MODAL_ERRORS.embeddedSessionExpired.reason) return ALERTS.sessionExpired
  if (reason === MODAL_ERRORS.authInitFailed.reason) return ALERTS.authInitFailed
  return undefined
}
