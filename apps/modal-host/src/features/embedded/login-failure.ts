import { ALERTS, CHANNEL_ERRORS, FRAME_ERRORS, type WireError } from '@walletframe/protocol'
import type { EmailLoginState } from './state.ts'

/**
 * How a failed login step (email or social) is shown: the key frame's message, or an alert of spec
 * §8: socials-timeout for a step that took more than its 30 s, the embedded wallet's unavailability
 * for a key frame that did not load.
 */
export function loginFailure(error: WireError | undefined): Pick<EmailLoginState, 'error' | 'alert'> {
  if (!error) return {}
  if (error.reason === CHANNEL_ERRORS.timeout.reason)
    return { error: ALERTS.socialsTimeout.title, alert: ALERTS.socialsTimeout }
  if (error.reason === FRAME_ERRORS.loadFailed.reason)
    return { error: error.message, alert: ALERTS.embeddedWalletUnavailable }
  return { error: error.message }
}
