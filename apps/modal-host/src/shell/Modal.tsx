import { ANIMATION } from '@walletframe/protocol'
import { type KeyboardEvent, type ReactElement, useEffect, useId, useLayoutEffect, useRef } from 'react'
import { useSession, useSessionState } from '../session/use-session.ts'
import { AnimatedHeight } from './AnimatedHeight.tsx'
import { focusFirst, trapTab } from './focus-trap.ts'
import { Icon } from './icons.tsx'
import { ToastBar } from './ToastBar.tsx'
import { VIEWS } from './views.tsx'

export function Modal(): ReactElement | null {
  const session = useSession()
  const open = useSessionState((s) => s.open)
  const closing = useSessionState((s) => s.closing)
  const shaking = useSessionState((s) => s.shaking)
  const view = useSessionState((s) => s.view)
  const canGoBack = useSessionState((s) => s.canGoBack)
  const dialog = useRef<HTMLDivElement>(null)
  const titleId = useId()
  const entry = VIEWS[view] ?? VIEWS.Connect!
  const Body = entry.component

  // Report to the host only once the frame is painted, so "visible" means visible.
  useLayoutEffect(() => {
    const frame = requestAnimationFrame(() => session.reportRendered())
    return () => cancelAnimationFrame(frame)
  })
  useEffect(() => {
    if (open && dialog.current) focusFirst(dialog.current)
  }, [open])

  if (!open && !closing) return null
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation()
      session.close()
    } else if (dialog.current) trapTab(event.nativeEvent, dialog.current)
  }

  return (
    <div className={`wf-overlay ${closing ? 'is-closing' : ''}`} onMouseDown={(e) => e.target === e.currentTarget && session.close()}>
      <div
        ref={dialog}
        className={`wf-card ${shaking ? 'is-shaking' : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        data-view={view}
      >
        <header className="wf-header">
          {canGoBack ? (
            <button type="button" className="wf-icon-button" onClick={() => session.back()} aria-label="Back">
              <Icon name="back" size={16} />
            </button>
          ) : (
            <span className="wf-header-spacer" />
          )}
          <h2 id={titleId} key={entry.title} className="wf-title" style={{ animationDuration: `${ANIMATION.headerTextMs}ms` }}>
            {entry.title}
          </h2>
          <button type="button" className="wf-icon-button" onClick={() => session.close()} aria-label="Close">
            <Icon name="close" size={16} />
          </button>
        </header>
        <ToastBar />
        <AnimatedHeight>
          <div key={view} className="wf-view" style={{ animationDuration: `${ANIMATION.viewTransitionMs}ms` }}>
            <Body />
          </div>
        </AnimatedHeight>
        <footer className="wf-footer">
          Secured by <strong>WalletFrame</strong>
        </footer>
      </div>
    </div>
  )
}
