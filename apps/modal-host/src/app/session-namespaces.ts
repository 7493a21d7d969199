/**
 * The session's hook for the other namespaces (issue 15): their code is a chunk of its own
 * (features/namespaces/namespace-session.ts), fetched once the dapp configured Solana or Bitcoin
 * networks, so the modal's first load stays within its budget. Until then there is no connection
 * of theirs, so state changes have nothing to tell.
 */
import type { SessionState } from '../features/core/session-api.ts'
import type { NamespaceChunkContext, NamespaceSession } from './namespace-chunk.ts'

/** The chunk's methods as called before it is there: each answers once it has arrived. */
type Later = {
  [K in keyof NamespaceSession]: NamespaceSession[K] extends (...args: infer A) => infer R
    ? (...args: A) => Promise<Awaited<R>>
    : never
}

/** The chunk of the other namespaces (their session and views): one dynamic import for both. */
export const namespaceChunk = () => import('./namespace-chunk.ts')

export function namespacesIntents(context: NamespaceChunkContext) {
  let loaded: Promise<NamespaceSession> | undefined
  const load = () => (loaded ??= namespaceChunk().then((m) => m.createNamespaceSession(context)))
  /** A method of the chunk's session, called once it is there. */
  const later = <K extends keyof NamespaceSession>(name: K) =>
    (async (...args: unknown[]) =>
      ((await load())[name] as (...a: unknown[]) => unknown)(...args)) as Later[K]

  return {
    intents: {
      namespaceNetworks: () => context.init()?.namespaceNetworks ?? [],
      pickNamespaceNetwork: later('pickNamespaceNetwork'),
      connectNamespaceWallet: later('connectNamespaceWallet'),
      disconnectNamespace: later('disconnectNamespace'),
      namespaceRequest: later('namespaceRequest'),
    },
    request: later('request'),
    connect: later('connect'),
    disconnect: later('disconnect'),
    /** After the handshake: the chunk, when the dapp has other namespaces, tells the host of them. */
    start: () => context.init()?.namespaceNetworks.length && later('announce')(),
    /** Until the chunk is there, no namespace is connected: nothing follows from a change. */
    activateEvm: () => loaded && later('activateEvm')(),
    onChange: (prev: SessionState, next: SessionState) => loaded && later('onChange')(prev, next),
  }
}
