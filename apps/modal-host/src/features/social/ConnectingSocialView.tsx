import { type ReactElement, useCallback, useId } from 'react'
import { Icon } from '../../ui/icons.tsx'
import { useSession, useSessionState } from '../core/index.ts'
import { CodeInput, KeyFrameSlot } from '../embedded/index.ts'
import { SocialGlyph } from './SocialGlyph.tsx'
import { SocialNotice } from './SocialNotice.tsx'
import { SOCIAL_NAMES } from './socials.ts'
import './social.css'
import { Rich, useI18n } from '../../ui/i18n/use-i18n.tsx'

/**
 * ConnectingSocial: the login window is open (and the modal waits for its answer), then the key frame
 * checks it ('Authenticating...'); a code links an email wallet, or a new wallet is set up.
 */
export function ConnectingSocialView(): ReactElement {
  const session = useSession()
  const login = useSessionState((s) => s.social.login)
  const noticeId = useId()
  const { t, text } = useI18n()
  const submit = useCallback((code: string) => session.submitSocialCode(code), [session])
  if (!login) return <p className="wf-muted wf-center">{t('social.pick')}</p>
  const { provider, step } = login
  const name = SOCIAL_NAMES[provider]
  if (step === 'setup') return <KeyFrameSlot label={t('email.setUp')} />
  if (step === 'code' || step === 'verifying')
    return (
      <div className="wf-social-step" data-testid="social-code">
        <p className="wf-connecting-title">{t('social.confirmEmail')}</p>
        <p className="wf-muted wf-center">
          <Rich
            id="social.alreadyHasWallet"
            values={{
              email: login.email ? (
                <strong>
                  <bdi>{login.email}</bdi>
                </strong>
              ) : (
                t('social.yourEmail')
              ),
              provider: name,
            }}
          />
        </p>
        <CodeInput
          onComplete={submit}
          disabled={step !== 'code'}
          invalid={step === 'code' && login.error !== undefined}
          resetKey={text(login.error ?? '')}
          describedBy={noticeId}
        />
        <SocialNotice login={login} id={noticeId} />
      </div>
    )
  const failed = step === 'failed'
  return (
    <div className="wf-social-step" data-testid="social-connecting">
      <div className={`wf-social-badge ${failed ? 'is-error' : 'is-waiting'}`}>
        <SocialGlyph provider={provider} size={48} />
        {failed ? (
          <span className="wf-social-badge-mark">
            <Icon name="close" size={12} />
          </span>
        ) : null}
      </div>
      <h3 className="wf-connecting-title">
        {failed ? t('social.loginFailed') : t('social.logInWith', { provider: name })}
      </h3>
      {step === 'authorizing' ? (
        <p className="wf-muted wf-center">{t('social.continueInWindow', { provider: name })}</p>
      ) : null}
      <SocialNotice
        login={login}
        id={noticeId}
        retry={{ onClick: () => session.connectSocial(provider), testId: 'social-retry' }}
      />
    </div>
  )
}
