import { useEffect, useMemo, useSyncExternalStore } from 'react'
import { listedTokens } from '../account/index.ts'
import { useSession, useSessionState } from '../core/index.ts'
import { type SendFlow, sendFlow } from './send-flow.ts'

const NO_FLOW = { subscribe: () => () => {}, get: () => undefined }

/**
 * The send flow of the connected account, its snapshot, and the account's tokens fed into it.
 * `fresh`: read the balances again past the cache (spec §9: 30 s), as a send needs them as they are.
 */
export function useSend(options: { fresh?: boolean } = {}) {
  const session = useSession()
  const key = useSessionState((s) => s.accountData.key)
  const tokens = useSessionState((s) => s.accountData.tokens)
  const flow: SendFlow | undefined = key ? sendFlow(session) : undefined
  const source = useMemo(
    () =>
      flow
        ? {
            subscribe: (listener: () => void) => {
              const subscription = flow.subscribe(listener)
              return () => subscription.unsubscribe()
            },
            get: () => flow.getSnapshot(),
          }
        : NO_FLOW,
    [flow],
  )
  const snapshot = useSyncExternalStore(source.subscribe, source.get)
  useEffect(() => {
    if (key && options.fresh) void session.accountData()?.loadTokens({ force: true })
  }, [session, key, options.fresh])
  useEffect(() => {
    if (tokens.balances.length > 0) flow?.send({ type: 'BALANCES', balances: listedTokens(tokens.balances) })
  }, [flow, tokens])
  return { flow, snapshot, tokens }
}
