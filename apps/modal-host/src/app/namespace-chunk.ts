/**
 * Everything of the other namespaces (issue 15) in one chunk: their session and their Connect view
 * (their Account, Send and Receive views are in those features' chunks). One chunk rather than several, so
 * that the bundler keeps the modules they share with the EVM views in the chunks it already has
 * (split chunks measured 1.7 KB more first-load JS).
 */

export { NamespaceWalletsView } from '../features/namespaces/NamespaceWalletsView.tsx'

import type { SessionState } from '../features/core/session-api.ts'
import type { Embedded } from '../features/embedded/session-embedded.ts'
import { createEmbeddedSolanaConnector } from '../features/embedded/solana-connector.ts'
import {
  createNamespaceSession as createSession,
  type NamespaceSessionContext,
} from '../features/namespaces/namespace-session.ts'

export type NamespaceChunkContext = Omit<NamespaceSessionContext, 'embedded'> & {
  embedded(): Pick<Embedded, 'connector' | 'approve'> | undefined
}

/** The namespaces' session, with the embedded wallet's Solana account while it is the EVM connection. */
export function createNamespaceSession(context: NamespaceChunkContext) {
  const { store } = context
  const connectedThrough = (s: SessionState, id: string) =>
    s.account.status === 'connected' && s.account.connectorId === id
  return createSession({
    ...context,
    embedded(namespace) {
      const wallet = context.embedded()
      if (namespace !== 'solana' || !wallet || !connectedThrough(store.get(), wallet.connector.id))
        return undefined
      return createEmbeddedSolanaConnector({ ...wallet, accounts: () => store.get().embedded.accounts })
    },
  })
}
export type NamespaceSession = ReturnType<typeof createNamespaceSession>
