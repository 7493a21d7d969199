import { useEffect } from 'react'
import { useSession, useSessionState } from '../../session/use-session.ts'

/** The activity of the connected account; loads the first page when first shown. */
export function useActivity() {
  const session = useSession()
  const activity = useSessionState((s) => s.accountData.activity)
  const key = useSessionState((s) => s.accountData.key)
  const idle = activity.state === 'idle'
  useEffect(() => {
    if (key && idle) void session.accountData()?.loadActivity()
  }, [session, key, idle])
  return activity
}
