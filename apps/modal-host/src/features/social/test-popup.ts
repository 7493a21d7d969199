/**
 * Test support (used by `*.test.ts` files only): the modal window as the login window sees it. `open`
 * hands out one fake window (or null: a blocked popup), and `post` delivers a message event to the
 * modal as a window would, with its origin and source.
 */
import { SOCIAL_CALLBACK_MESSAGE_TYPE } from '@walletframe/protocol'
import type { PopupHost, PopupWindow } from './social-popup.ts'

export const KEY_ORIGIN = 'http://localhost:5177'
export const CALLBACK_URL = `${KEY_ORIGIN}/v1/social/callback?code=abc&state=xyz`

export interface FakePopupHost extends PopupHost {
  window: PopupWindow & { closed: boolean }
  opened: { url: string; target: string; features: string }[]
  /** Delivers a `message` event to the modal's listeners; by default from the popup, on the key origin. */
  post(data: unknown, from?: { origin?: string; source?: unknown }): void
  /** The callback page's message, as the key server's callback page posts it. */
  postCallback(url?: string): void
  listening(): number
}

export function createFakePopupHost(options: { blocked?: boolean } = {}): FakePopupHost {
  const listeners = new Set<(event: MessageEvent) => void>()
  const popup: FakePopupHost['window'] = {
    closed: false,
    location: { href: '' },
    close() {
      popup.closed = true
    },
    focus() {},
  }
  const host: FakePopupHost = {
    window: popup,
    opened: [],
    screenX: 0,
    screenY: 0,
    outerWidth: 1280,
    outerHeight: 800,
    open(url, target, features) {
      host.opened.push({ url, target, features })
      return options.blocked ? null : popup
    },
    addEventListener: (_, listener) => listeners.add(listener),
    removeEventListener: (_, listener) => listeners.delete(listener),
    post(data, from = {}) {
      const event = {
        data,
        origin: from.origin ?? KEY_ORIGIN,
        source: 'source' in from ? from.source : popup,
      }
      for (const listener of [...listeners]) listener(event as MessageEvent)
    },
    postCallback: (url = CALLBACK_URL) => host.post({ type: SOCIAL_CALLBACK_MESSAGE_TYPE, uri: url }),
    listening: () => listeners.size,
  }
  return host
}
