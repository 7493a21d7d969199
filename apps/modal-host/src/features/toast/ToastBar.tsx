import type { ReactElement } from 'react'
import { useI18n } from '../../ui/i18n/use-i18n.tsx'
import { Icon, Spinner } from '../../ui/icons.tsx'
import { useSessionState } from '../core/index.ts'
import './toast.css'

export function ToastBar(): ReactElement | null {
  const toast = useSessionState((s) => s.toast)
  const { text } = useI18n()
  if (!toast) return null
  return (
    <div
      key={toast.id}
      className={`wf-toast wf-toast-${toast.variant}`}
      role={toast.variant === 'error' ? 'alert' : 'status'}
    >
      {toast.variant === 'loading' ? (
        <Spinner size={14} />
      ) : (
        <Icon name={toast.variant === 'error' ? 'warning' : 'check'} size={14} />
      )}
      <span>{text(toast.message)}</span>
    </div>
  )
}
