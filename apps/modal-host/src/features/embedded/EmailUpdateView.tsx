import { type FormEvent, type ReactElement, useCallback, useId, useState } from 'react'
import { Spinner } from '../../ui/icons.tsx'
import { useSession, useSessionState } from '../core/index.ts'
import { CodeInput } from './CodeInput.tsx'
import './embedded.css'
import { Rich, useI18n } from '../../ui/i18n/use-i18n.tsx'

/** Spec §4 "Email update": the new address, a code for the current one, then one for the new one. */
export function EmailUpdateView(): ReactElement {
  const session = useSession()
  const update = useSessionState((s) => s.embedded.update)
  const current = useSessionState((s) => s.embedded.userEmail)
  const [email, setEmail] = useState('')
  const errorId = useId()
  const { t, text } = useI18n()
  const submitCode = useCallback((code: string) => session.submitEmailUpdate(code), [session])
  if (!update) return <Spinner size={24} />
  const submit = (event: FormEvent) => {
    event.preventDefault()
    session.submitEmailUpdate(email)
  }
  const error = update.error ? (
    <p className="wf-field-error" role="alert" id={errorId}>
      {text(update.error)}
    </p>
  ) : null
  if (update.step === 'email')
    return (
      <form className="wf-email-step" onSubmit={submit} noValidate data-testid="email-update">
        <label className="wf-email-field">
          <span className="wf-sr-only">{t('email.newEmail')}</span>
          <input
            type="email"
            autoComplete="email"
            placeholder={t('email.newEmail')}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            aria-describedby={errorId}
            disabled={update.busy}
          />
        </label>
        {error}
        <button type="submit" className="wf-button wf-button-accent" disabled={update.busy}>
          {update.busy ? <Spinner size={14} /> : t('common.continue')}
        </button>
      </form>
    )
  const to = update.step === 'primaryCode' ? current : update.newEmail
  return (
    <div className="wf-email-step" data-testid="email-update-code">
      <p className="wf-muted wf-center">
        <Rich
          id="email.enterCodeSentTo"
          values={{
            email: (
              <strong>
                <bdi>{to}</bdi>
              </strong>
            ),
          }}
        />
      </p>
      <CodeInput
        onComplete={submitCode}
        disabled={update.busy}
        invalid={update.error !== undefined}
        resetKey={update.step}
        describedBy={errorId}
      />
      {update.busy ? <Spinner size={16} /> : error}
    </div>
  )
}
