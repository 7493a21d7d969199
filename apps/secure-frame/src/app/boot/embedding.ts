/**
 * Whether this page may run as the key frame (spec §2; docs/embedded-wallet.md "Where things
 * run"): framed, with its parent on a modal origin and every ancestor above it on a host origin of
 * the project, as `location.ancestorOrigins` (Chromium) reports them. Anything missing fails closed.
 */
import { createOriginCheck, type KeyFrameConfig, type KeyFrameQuery } from '@walletframe/protocol'

export interface EmbeddingFacts {
  /** `window.parent !== window`. */
  framed: boolean
  /** `location.ancestorOrigins`, parent first and top last; undefined where the browser has none. */
  ancestorOrigins: readonly string[] | undefined
  config: KeyFrameConfig | undefined
  query: KeyFrameQuery | undefined
}

export type EmbeddingCheck =
  | { allowed: true; query: KeyFrameQuery; config: KeyFrameConfig; parentOrigin: string; topOrigin: string }
  | { allowed: false; reason: string }

export function checkEmbedding({ framed, ancestorOrigins, config, query }: EmbeddingFacts): EmbeddingCheck {
  if (!query)
    return { allowed: false, reason: 'The key frame was loaded without its project, chain and version.' }
  if (!config || config.projectId !== query.projectId)
    return { allowed: false, reason: 'The key frame has no configuration for this project.' }
  if (!framed) return { allowed: false, reason: 'The key frame runs only inside the WalletFrame modal.' }
  if (!ancestorOrigins || ancestorOrigins.length === 0)
    return { allowed: false, reason: 'This browser does not tell the key frame who embeds it.' }
  const [parentOrigin, ...above] = ancestorOrigins
  const isModal = createOriginCheck(config.modalOrigins)
  const isHost = createOriginCheck(config.hostOrigins)
  if (!parentOrigin || !isModal(parentOrigin))
    return { allowed: false, reason: 'The key frame is not embedded by the WalletFrame modal.' }
  // A modal framing the key frame as the top page is no host page either.
  if (above.length === 0 || !above.every(isHost))
    return { allowed: false, reason: 'This page is not allowed to use this project’s wallet.' }
  return { allowed: true, query, config, parentOrigin, topOrigin: above[above.length - 1]! }
}
