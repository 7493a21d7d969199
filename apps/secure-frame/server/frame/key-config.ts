/**
 * The key frame's trust config (protocol's KEY_FRAME_CONFIG_ELEMENT_ID): written into the /frame
 * page so that the frame can check its parent and top origins before it handshakes, without a
 * request of its own. A JSON script element runs nothing, so the page's CSP is untouched.
 */
import {
  KEY_FRAME_CONFIG_ELEMENT_ID,
  type KeyFrameConfig,
  serializeKeyFrameConfig,
} from '@walletframe/protocol'

/** The page with the config as the first element of its head (or prepended when it has none). */
export function injectKeyFrameConfig(html: string, config: KeyFrameConfig): string {
  const element = `<script id="${KEY_FRAME_CONFIG_ELEMENT_ID}" type="application/json">${serializeKeyFrameConfig(config)}</script>`
  const head = /<head[^>]*>/i.exec(html)
  if (!head) return element + html
  const at = head.index + head[0].length
  return html.slice(0, at) + element + html.slice(at)
}
