import { createContext, useContext, useSyncExternalStore } from 'react'
import type { Session, SessionState } from './session-api.ts'

export const SessionContext = createContext<Session | undefined>(undefined)

export function useSession(): Session {
  const session = useContext(SessionContext)
  if (!session) throw new Error('useSession outside SessionContext')
  return session
}

export function useSessionState<T>(select: (state: SessionState) => T): T {
  const session = useSession()
  return useSyncExternalStore(session.store.subscribe, () => select(session.store.get()))
}
