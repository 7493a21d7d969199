import { type ReactElement, useCallback, useId } from 'react'
import { Spinner } from '../../ui/icons.tsx'
import { useSession, useSessionState } from '../core/index.ts'
import { CodeInput } from './CodeInput.tsx'
import { KeyFrameSlot } from './KeyFrameSlot.tsx'
import { LoginNotice } from './LoginNotice.tsx'
import { useCooldownSeconds } from './use-countdown.ts'
import './embedded.css'
import { Rich, useI18n } from '../../ui/i18n/use-i18n.tsx'

/** Spec §2 "Email": the login after the address was sent: device link, code, or wallet setup. */
export function EmailView(): ReactElement {
  const session = useSession()
  const login = useSessionState((s) => s.embedded.login)
  const sentAt = useSessionState((s) => s.embedded.lastCodeSentAt)
  const cooldown = useCooldownSeconds(sentAt)
  const noticeId = useId()
  const { t } = useI18n()
  const submit = useCallback((code: string) => session.submitLoginCode(code), [session])
  if (!login) return <Spinner size={24} />
  if (login.step === 'setup') return <KeyFrameSlot label={t('email.setUp')} />
  if (login.step === 'device')
    return (
      <div className="wf-email-step" data-testid="email-device">
        <p className="wf-connecting-title">{t('email.confirmDevice')}</p>
        <p className="wf-muted wf-center">
          <Rich
            id="email.linkSent"
            values={{
              email: (
                <strong>
                  <bdi>{login.email}</bdi>
                </strong>
              ),
            }}
          />
        </p>
        <Spinner size={20} />
      </div>
    )
  return (
    <div className="wf-email-step" data-testid="email-code">
      <p className="wf-connecting-title">{t('email.enterCode')}</p>
      <p className="wf-muted wf-center">
        <Rich
          id="email.codeSent"
          values={{
            email: (
              <strong>
                <bdi>{login.email}</bdi>
              </strong>
            ),
          }}
        />
      </p>
      <CodeInput
        onComplete={submit}
        disabled={login.step !== 'code'}
        invalid={login.step === 'code' && login.error !== undefined}
        resetKey={String(sentAt)}
        describedBy={noticeId}
      />
      <LoginNotice login={login} id={noticeId} />
      <button
        type="button"
        className="wf-link-button"
        onClick={() => session.resendLoginCode()}
        disabled={cooldown > 0 || login.step !== 'code'}
        data-testid="resend-code"
      >
        {cooldown > 0 ? t('email.resendIn', { seconds: cooldown }) : t('email.resend')}
      </button>
    </div>
  )
}
