import { useEffect } from 'react'
import { useSession, useSessionState } from '../../session/use-session.ts'

/**
 * The activity of the connected account. Each time a panel showing it appears, the newest page is
 * fetched (the first one, or again and merged), so transfers made meanwhile show up.
 */
export function useActivity() {
  const session = useSession()
  const activity = useSessionState((s) => s.accountData.activity)
  const key = useSessionState((s) => s.accountData.key)
  useEffect(() => {
    if (key) void session.accountData()?.loadActivity({ newest: true })
  }, [session, key])
  return activity
}
