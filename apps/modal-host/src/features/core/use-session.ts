import { createContext, useContext, useLayoutEffect, useReducer, useRef } from 'react'
import type { Session, SessionState } from './session-api.ts'

export const SessionContext = createContext<Session | undefined>(undefined)

export function useSession(): Session {
  const session = useContext(SessionContext)
  if (!session) throw new Error('useSession outside SessionContext')
  return session
}

/**
 * A selected part of the session's state, re-rendered when it changes. Subscribed in a layout
 * effect, in the task that mounted the component: preact/compat's useSyncExternalStore subscribes
 * after the next frame, and a hidden or just-shown frame waits up to 35 ms for one, so a view
 * mounted at the handshake missed the host's open() that followed (issue 10: open in one frame).
 */
export function useSessionState<T>(select: (state: SessionState) => T): T {
  const session = useSession()
  const [, rerender] = useReducer((n: number) => n + 1, 0)
  const value = select(session.store.get())
  const latest = useRef({ select, value })
  latest.current = { select, value }
  useLayoutEffect(() => {
    const changed = () => !Object.is(latest.current.select(session.store.get()), latest.current.value)
    if (changed()) rerender()
    return session.store.subscribe(() => changed() && rerender())
  }, [session])
  return value
}
