import { useEffect } from 'react'
import { useSentinel } from '../../../ui/use-sentinel.ts'
import { useSession, useSessionState } from '../../core/index.ts'

/**
 * The activity of the connected account, for the panels built on it (Activity, NFTs). Each time a
 * panel appears the newest page is fetched (the first one, or again and merged), so transfers made
 * meanwhile show up; `sentinel` loads the next page when it scrolls into view.
 */
export function useActivity() {
  const session = useSession()
  const activity = useSessionState((s) => s.accountData.activity)
  const key = useSessionState((s) => s.accountData.key)
  const chain = useSessionState((s) => `eip155:${s.account.chainId ?? 0}`)
  useEffect(() => {
    if (key) void session.accountData()?.loadActivity({ newest: true })
  }, [session, key])
  const sentinel = useSentinel<HTMLDivElement>(
    () => void session.accountData()?.loadActivity(),
    activity.state === 'loaded' && activity.next !== null,
  )
  return { activity, chain, sentinel }
}

/** Whether a panel shows its spinner: nothing asked yet, or the first page on its way. */
export function awaitingFirstPage(state: string, shown: number): boolean {
  return state === 'idle' || (state === 'loading' && shown === 0)
}
