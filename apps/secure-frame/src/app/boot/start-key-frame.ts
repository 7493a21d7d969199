/**
 * The key frame's start: check the embedding, then accept the modal's hello — only from
 * `window.parent` and only from the parent's own origin, which must be a modal origin — and serve
 * the key-frame table on the agreed port. Refused embeddings never answer a hello.
 */
import {
  acceptFromParent,
  createFrameValidator,
  FRAME_METHOD_META,
  type FrameChannel,
  FrameInitSchema,
  KEY_FRAME_CONFIG_ELEMENT_ID,
  type ListeningWindowLike,
  type Messenger,
  parseKeyFrameConfig,
  readKeyFrameQuery,
} from '@walletframe/protocol'
import { checkEmbedding, type EmbeddingCheck } from './embedding.ts'

export interface KeyFrameEnvironment {
  self: ListeningWindowLike
  parent: unknown
  framed: boolean
  search: string
  ancestorOrigins: readonly string[] | undefined
  configText: string | null | undefined
}

export function browserEnvironment(): KeyFrameEnvironment {
  const origins = (location as Location & { ancestorOrigins?: DOMStringList }).ancestorOrigins
  return {
    self: window as unknown as ListeningWindowLike,
    parent: window.parent,
    framed: window.parent !== window,
    search: location.search,
    ancestorOrigins: origins ? Array.from(origins) : undefined,
    configText: document.getElementById(KEY_FRAME_CONFIG_ELEMENT_ID)?.textContent,
  }
}

export type StartedKeyFrame =
  | { started: false; reason: string }
  | {
      started: true
      embedding: Extract<EmbeddingCheck, { allowed: true }>
      /** Resolves when the modal's hello was accepted. */
      connected: Promise<{
        messenger: Messenger<'child', FrameChannel>
        init: ReturnType<typeof FrameInitSchema.parse>
      }>
    }

export function startKeyFrame(env: KeyFrameEnvironment): StartedKeyFrame {
  const embedding = checkEmbedding({
    framed: env.framed,
    ancestorOrigins: env.ancestorOrigins,
    config: parseKeyFrameConfig(env.configText),
    query: readKeyFrameQuery(env.search),
  })
  if (!embedding.allowed) return { started: false, reason: embedding.reason }
  const connected = acceptFromParent<FrameChannel>({
    self: env.self,
    parent: env.parent,
    isOriginAllowed: (origin) => origin === embedding.parentOrigin,
    validator: createFrameValidator(),
    table: FRAME_METHOD_META,
  }).then(({ messenger, init }) => {
    const parsed = FrameInitSchema.safeParse(init)
    if (!parsed.success || parsed.data.projectId !== embedding.query.projectId) {
      messenger.destroy()
      throw new Error('The modal sent an init for another project.')
    }
    return { messenger, init: parsed.data }
  })
  return { started: true, embedding, connected }
}
