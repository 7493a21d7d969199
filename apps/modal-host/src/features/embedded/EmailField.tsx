import { FRAME_ERRORS } from '@walletframe/protocol'
import { type FormEvent, type ReactElement, useId, useState } from 'react'
import { Icon } from '../../ui/icons.tsx'
import { useSession, useSessionState } from '../core/index.ts'
import { LoginNotice } from './LoginNotice.tsx'
import './embedded.css'
import { useI18n } from '../../ui/i18n/use-i18n.tsx'

/** The Connect view's email login (spec §2 connect methods): the address goes to the key frame. */
export function EmailField(): ReactElement {
  const session = useSession()
  const login = useSessionState((s) => s.embedded.login)
  const frame = useSessionState((s) => s.embedded.frame)
  const [email, setEmail] = useState(() => login?.email ?? '')
  const noticeId = useId()
  const { t, text } = useI18n()
  const busy = login?.step === 'sending'
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!busy) session.submitEmail(email)
  }
  return (
    <form className="wf-email" onSubmit={submit} noValidate data-testid="email-login">
      <label className="wf-email-field">
        <Icon name="mail" size={16} />
        <span className="wf-sr-only">{t('email.label')}</span>
        <input
          type="email"
          name="email"
          autoComplete="email"
          placeholder={t('email.label')}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={login?.step === 'failed'}
          aria-describedby={noticeId}
          disabled={busy}
        />
        <button type="submit" className="wf-icon-button" aria-label={t('email.continue')} disabled={busy}>
          <Icon name="chevron" size={14} />
        </button>
      </label>
      {frame === 'failed' && !login ? (
        <p className="wf-field-hint wf-muted" id={noticeId}>
          {text(FRAME_ERRORS.loadFailed.message)}
        </p>
      ) : (
        <LoginNotice login={login} id={noticeId} />
      )}
    </form>
  )
}
