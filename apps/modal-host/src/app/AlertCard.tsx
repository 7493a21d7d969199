import type { ReactElement } from 'react'
import { useSessionState } from '../features/core/use-session.ts'
import { useI18n } from '../ui/i18n/use-i18n.tsx'
import { Icon } from '../ui/icons.tsx'
import './modal.css'

/** An alert of spec §8 shown instead of the modal (nothing else can work until it is fixed). */
export function AlertCard(): ReactElement | null {
  const alert = useSessionState((s) => s.alert)
  const { text } = useI18n()
  if (!alert) return null
  return (
    <div className="wf-overlay">
      <div
        className="wf-card"
        role="alertdialog"
        aria-labelledby="wf-alert-title"
        aria-describedby="wf-alert-text"
      >
        <div className="wf-alert">
          <span className="wf-alert-icon">
            <Icon name="warning" size={22} />
          </span>
          <h2 id="wf-alert-title" className="wf-title">
            {text(alert.title)}
          </h2>
          <p id="wf-alert-text" className="wf-muted wf-center">
            {text(alert.description)}
          </p>
        </div>
      </div>
    </div>
  )
}
