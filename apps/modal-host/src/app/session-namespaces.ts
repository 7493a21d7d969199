/**
 * The session's hook for the other namespaces (issue 15): their code is a chunk of its own
 * (app/namespace-chunk.ts), fetched once the dapp configured Solana or Bitcoin networks or a view
 * asks for it, so that the modal's first load stays within its budget. Until it is there, no
 * namespace is connected, so a change of state has nothing to tell.
 */
import type { NamespaceChunkContext, NamespaceSession } from './namespace-chunk.ts'

/** The chunk of the other namespaces (their session and Connect view): one dynamic import for both. */
export const namespaceChunk = () => import('./namespace-chunk.ts')

export function namespacesLoader(context: NamespaceChunkContext) {
  let loaded: Promise<NamespaceSession> | undefined
  const load = () => (loaded ??= namespaceChunk().then((m) => m.createNamespaceSession(context)))
  return {
    load,
    /** Runs `use` once the chunk is there, if it was ever asked for. */
    ifLoaded: (use: (session: NamespaceSession) => unknown) => void loaded?.then(use),
    /** After the handshake: the chunk, when the dapp has other namespaces, serves the SDK adapters. */
    start: () => context.init()?.namespaceNetworks.length && void load().then((n) => n.start()),
    /** The views' side (features/namespaces/state.ts). */
    intents: { namespaces: load, namespaceNetworks: () => context.init()?.namespaceNetworks ?? [] },
  }
}
