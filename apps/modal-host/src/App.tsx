import { type ReactElement, useEffect } from 'react'
import type { Session } from './session/session.ts'
import { SessionContext, useSessionState } from './session/use-session.ts'
import { AlertCard } from './shell/AlertCard.tsx'
import { Modal } from './shell/Modal.tsx'
import { applyTheme } from './theme/apply-theme.ts'

function Themed(): ReactElement | null {
  const mode = useSessionState((s) => s.themeMode)
  const variables = useSessionState((s) => s.themeVariables)
  const phase = useSessionState((s) => s.phase)
  const alert = useSessionState((s) => s.alert)
  useEffect(() => applyTheme(document.documentElement, mode, variables), [mode, variables])
  if (alert) return <AlertCard />
  return phase === 'ready' ? <Modal /> : null
}

export function App({ session }: { session: Session }): ReactElement {
  return (
    <SessionContext.Provider value={session}>
      <Themed />
    </SessionContext.Provider>
  )
}
