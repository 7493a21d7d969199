import type { ReactElement } from 'react'
import { LoginNotice } from '../embedded/index.ts'
import type { SocialLoginState } from './state.ts'
import './social.css'
import { useI18n } from '../../ui/i18n/use-i18n.tsx'

/**
 * Under a social view: 'Authenticating...' while the key frame works, then its error or the alert of
 * spec §8; after a failure, "Try again" when the view offers it (`retry`).
 */
export function SocialNotice(props: {
  login: SocialLoginState | undefined
  id: string
  retry?: { onClick(): void; testId: string }
}): ReactElement {
  const { retry } = props
  const { t } = useI18n()
  return (
    <>
      <div className="wf-social-notice">
        <LoginNotice login={props.login} id={props.id} />
      </div>
      {retry && props.login?.step === 'failed' ? (
        <button
          type="button"
          className="wf-button wf-button-accent"
          onClick={retry.onClick}
          data-testid={retry.testId}
        >
          {t('common.tryAgain')}
        </button>
      ) : null}
    </>
  )
}
