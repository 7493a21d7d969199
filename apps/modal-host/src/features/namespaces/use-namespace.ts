import type { Namespace, NamespaceNetwork, TokenBalance } from '@walletframe/protocol'
import { useEffect, useState } from 'react'
import { useSession, useSessionState } from '../core/index.ts'
import { type NamespaceBalances, readNamespaceBalances } from './namespace-balances.ts'
import type { NamespaceConnection } from './state.ts'

/** The connection the Account views show while another namespace is active, with its network. */
export function useActiveNamespace():
  | { namespace: Namespace; connection: NamespaceConnection; network: NamespaceNetwork }
  | undefined {
  const session = useSession()
  const { active, connections } = useSessionState((s) => s.namespaces)
  if (active === 'eip155') return undefined
  const connection = connections[active]
  const network = session.namespaceNetworks().find((n) => n.caipNetworkId === connection?.caipNetworkId)
  return connection?.address && network ? { namespace: active, connection, network } : undefined
}

export type BalancesState =
  | { state: 'loading' }
  | { state: 'loaded'; balances: TokenBalance[] }
  | { state: 'unavailable' }

/**
 * The account's balances on its network, read fresh each time a view shows them (the API reads the
 * chain again at most once per interval and answers its cached balances otherwise: api-client.ts).
 */
export function useNamespaceBalances(address: string | undefined, network: NamespaceNetwork | undefined) {
  const session = useSession()
  const [balances, setBalances] = useState<BalancesState>({ state: 'loading' })
  useEffect(() => {
    const api = session.dataApi()
    if (!address || !network || !api) return setBalances({ state: 'unavailable' })
    let current = true
    setBalances({ state: 'loading' })
    readNamespaceBalances(api, address, network, true).then(
      (read: NamespaceBalances) =>
        current &&
        setBalances(read === 'unsupported' ? { state: 'unavailable' } : { state: 'loaded', balances: read }),
      () => current && setBalances({ state: 'unavailable' }),
    )
    return () => {
      current = false
    }
  }, [session, address, network])
  return { balances }
}
