import { useEffect, useMemo, useSyncExternalStore } from 'react'
import { listedTokens } from '../account/index.ts'
import { useSession, useSessionState } from '../core/index.ts'
import { type SendFlow, sendFlow } from './send-flow.ts'

const NO_FLOW = { subscribe: () => () => {}, get: () => undefined }

/** The send flow of the connected account, its snapshot, and the account's tokens fed into it. */
export function useSend() {
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
    if (key) void session.accountData()?.loadTokens()
  }, [session, key])
  useEffect(() => {
    if (tokens.state === 'loaded') flow?.send({ type: 'BALANCES', balances: listedTokens(tokens.balances) })
  }, [flow, tokens])
  return { flow, snapshot, tokens }
}
