import { UI_MESSAGES } from '@walletframe/protocol'
import './embedded.css'
import type { ReactElement } from 'react'
import { useI18n } from '../../ui/i18n/use-i18n.tsx'
import { Icon, Spinner } from '../../ui/icons.tsx'
import type { EmailLoginState } from './state.ts'

/** What the notice shows of a login (email or social): its step, and how the last one failed. */
export type LoginNoticeState = Pick<EmailLoginState, 'error' | 'alert'> & { step: string }

/** The steps that wait on the key frame, of the email and the social logins. */
const BUSY_STEPS = ['sending', 'resending', 'verifying', 'connecting', 'finishing']

/** 'Authenticating...' while a step runs; the key frame's error, or an alert of spec §8, after one failed. */
export function LoginNotice({
  login,
  id,
}: {
  login: LoginNoticeState | undefined
  id: string
}): ReactElement {
  const { text } = useI18n()
  const busy = login && BUSY_STEPS.includes(login.step)
  return (
    <div id={id} className="wf-login-notice" aria-live="polite">
      {busy ? (
        <p className="wf-muted wf-login-busy">
          <Spinner size={14} /> {text(UI_MESSAGES.authenticating)}
        </p>
      ) : login?.alert ? (
        <div className="wf-login-alert" role="alert" data-testid="login-alert">
          <Icon name="warning" size={16} />
          <div>
            <strong>{text(login.alert.title)}</strong>
            <p>{text(login.alert.description)}</p>
          </div>
        </div>
      ) : login?.error ? (
        <p className="wf-field-error" role="alert" data-testid="login-error">
          {text(login.error)}
        </p>
      ) : null}
    </div>
  )
}
