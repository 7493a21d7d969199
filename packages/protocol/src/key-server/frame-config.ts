/**
 * What the key server writes into the key-frame page (GET /frame) in
 * `<script id="wf-key-config" type="application/json">`: the origins the frame may run under.
 * The key frame checks its ancestors against them before it answers any handshake (spec §2,
 * docs/embedded-wallet.md "Where things run").
 */
import * as z from 'zod/mini'

export const KEY_FRAME_CONFIG_ELEMENT_ID = 'wf-key-config'

export const KeyFrameConfigSchema = z.object({
  projectId: z.string().check(z.minLength(1)),
  /** Origins of the modal: the key frame's parent must be one of them. */
  modalOrigins: z.array(z.string()).check(z.minLength(1)),
  /** The project's host origins: the top-level page must be one of them. */
  hostOrigins: z.array(z.string()).check(z.minLength(1)),
})
export type KeyFrameConfig = z.infer<typeof KeyFrameConfigSchema>

/** The config in the page's text; undefined when absent or invalid (the frame then refuses to run). */
export function parseKeyFrameConfig(text: string | null | undefined): KeyFrameConfig | undefined {
  if (!text) return undefined
  try {
    const result = KeyFrameConfigSchema.safeParse(JSON.parse(text))
    return result.success ? result.data : undefined
  } catch {
    return undefined
  }
}

/** JSON safe inside a `<script>` element: "<" escaped, so no string can end the element. */
export function serializeKeyFrameConfig(config: KeyFrameConfig): string {
  return JSON.stringify(config).replaceAll('<', '\\u003c')
}
