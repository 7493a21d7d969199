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

/** The account's balances on its network, read when shown (and again after `refresh`). */
export function useNamespaceBalances(address: string | undefined, network: NamespaceNetwork | undefined) {
  const session = useSession()
  const [balances, setBalances] = useState<BalancesState>({ state: 'loading' })
  const [generation, setGeneration] = useState(0)
  useEffect(() => {
    const api = session.dataApi()
    if (!address || !network || !api) return setBalances({ state: 'unavailable' })
    let current = true
    setBalances({ state: 'loading' })
    readNamespaceBalances(api, address, network, generation > 0).then(
      (read: NamespaceBalances) =>
        current &&
        setBalances(read === 'unsupported' ? { state: 'unavailable' } : { state: 'loaded', balances: read }),
      () => current && setBalances({ state: 'unavailable' }),
    )
    return () => {
      current = false
    }
  }, [session, address, network, generation])
  return { balances, refresh: () => setGeneration((n) => n + 1) }
}
