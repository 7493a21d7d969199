import { ANIMATION, WALLETFRAME_NAME } from '@walletframe/protocol'
import { type ReactElement, useEffect, useId, useLayoutEffect, useRef } from 'react'
import { AlertBar } from '../features/alerts/AlertBar.tsx'
import { useSession, useSessionState } from '../features/core/use-session.ts'
import { ToastBar } from '../features/toast/ToastBar.tsx'
import { AnimatedHeight } from '../ui/AnimatedHeight.tsx'
import { focusDialog, trapTab } from '../ui/focus-trap.ts'
import { Rich, useI18n } from '../ui/i18n/use-i18n.tsx'
import { Icon } from '../ui/icons.tsx'
import { VIEWS } from './views.tsx'
import './modal.css'

export function Modal(): ReactElement | null {
  const session = useSession()
  const { t } = useI18n()
  const open = useSessionState((s) => s.open)
  const closing = useSessionState((s) => s.closing)
  const shaking = useSessionState((s) => s.shaking)
  const view = useSessionState((s) => s.view)
  const canGoBack = useSessionState((s) => s.canGoBack)
  // Spec §2 embedded mode: a block in the host's layout, not a dialog over it.
  const embedded = useSessionState((s) => s.init?.embedded === true)
  const dialog = useRef<HTMLDivElement>(null)
  const overlay = useRef<HTMLDivElement>(null)
  const titleId = useId()
  const entry = VIEWS[view] ?? VIEWS.Connect!
  const Body = entry.component

  // Report once the DOM is committed. Not from requestAnimationFrame: the host keeps the frame
  // hidden until this report arrives, and a hidden frame gets no animation frames.
  useLayoutEffect(() => session.reportRendered())
  useEffect(() => {
    // Inline, the modal is part of the page: it neither takes the focus nor keeps it in.
    if (!open || embedded) return
    // The host shows and focuses the frame after our first render: take focus into the dialog then.
    const takeFocus = () => {
      if (dialog.current && !dialog.current.contains(document.activeElement)) focusDialog(dialog.current)
    }
    takeFocus()
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') session.close()
      else if (dialog.current) trapTab(event, dialog.current)
    }
    window.addEventListener('focus', takeFocus)
    document.addEventListener('keydown', onKeyDown)
    return () => {
      window.removeEventListener('focus', takeFocus)
      document.removeEventListener('keydown', onKeyDown)
    }
  }, [open, embedded, session])

  // A press on the backdrop (not inside the card) closes, where the rules allow it.
  useEffect(() => {
    const element = overlay.current
    if (!element) return
    const onPress = (event: MouseEvent) => event.target === element && session.close()
    element.addEventListener('mousedown', onPress)
    return () => element.removeEventListener('mousedown', onPress)
  })

  if (!open && !closing) return null
  return (
    <div
      ref={overlay}
      className={`wf-overlay ${closing ? 'is-closing' : ''} ${embedded ? 'is-embedded' : ''}`}
    >
      <div
        ref={dialog}
        className={`wf-card ${shaking ? 'is-shaking' : ''}`}
        {...(embedded
          ? { role: 'region', 'aria-labelledby': titleId }
          : { role: 'dialog', 'aria-modal': true, 'aria-labelledby': titleId })}
        tabIndex={-1}
        data-view={view}
      >
        <header className="wf-header">
          {canGoBack ? (
            <button
              type="button"
              className="wf-icon-button"
              onClick={() => session.back()}
              aria-label={t('modal.back')}
            >
              <Icon name="back" size={16} />
            </button>
          ) : (
            <span className="wf-header-spacer" />
          )}
          <h2
            id={titleId}
            key={entry.title}
            className="wf-title"
            style={{ animationDuration: `${ANIMATION.headerTextMs}ms` }}
          >
            {t(entry.title)}
          </h2>
          <button
            type="button"
            className="wf-icon-button"
            onClick={() => session.close()}
            aria-label={t('modal.close')}
          >
            <Icon name="close" size={16} />
          </button>
        </header>
        <ToastBar />
        <AlertBar />
        <AnimatedHeight>
          <div
            key={view}
            className="wf-view"
            style={{ animationDuration: `${ANIMATION.viewTransitionMs}ms` }}
          >
            <Body />
          </div>
        </AnimatedHeight>
        <footer className="wf-footer">
          <Rich id="modal.securedBy" values={{ name: <strong>{WALLETFRAME_NAME}</strong> }} />
        </footer>
      </div>
    </div>
  )
}
