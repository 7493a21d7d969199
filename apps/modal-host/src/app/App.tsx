import { type ReactElement, useEffect } from 'react'
import { SessionContext, useSessionState } from '../features/core/use-session.ts'
import { applyTheme } from '../ui/theme/apply-theme.ts'
import { AlertCard } from './AlertCard.tsx'
import { Modal } from './Modal.tsx'
import type { Session } from './session.ts'

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
