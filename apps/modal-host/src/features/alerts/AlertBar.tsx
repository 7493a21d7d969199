import type { ReactElement } from 'react'
import { useI18n } from '../../ui/i18n/use-i18n.tsx'
import { Icon } from '../../ui/icons.tsx'
import { useSession, useSessionState } from '../core/index.ts'
import './alerts.css'
import './state.ts'

/** The alert of spec §8 on top of the open modal: its title, what to do, and Dismiss. */
export function AlertBar(): ReactElement | null {
  const session = useSession()
  const alert = useSessionState((s) => s.alertBar)
  const { t, text } = useI18n()
  if (!alert) return null
  return (
    <div className="wf-alert-bar" role="alert" data-testid="alert-bar" data-reason={alert.reason}>
      <Icon name="warning" size={18} />
      <div className="wf-alert-bar-text">
        <strong>{text(alert.title)}</strong>
        <p>{text(alert.description)}</p>
      </div>
      <button
        type="button"
        className="wf-icon-button"
        onClick={() => session.dismissAlert()}
        aria-label={t('modal.dismiss')}
      >
        <Icon name="close" size={14} />
      </button>
    </div>
  )
}
