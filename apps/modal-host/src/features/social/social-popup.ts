/**
 * The provider's login window (docs/social-login.md). The modal opens it in the user's click, empty
 * (the redirect URI comes later, from an async key-frame call, and a popup needs the click's
 * activation), then sends it to the provider. The key server's callback page, on the key origin,
 * posts the URL it was sent back to; only that message counts: from this window, from the key
 * origin, of the agreed shape. A closed window has no event, so the flow polls `closed`.
 */
import { SOCIAL_POPUP_NAME, SocialCallbackMessageSchema } from '@walletframe/protocol'
import { type PopupGeometry, popupFeatures } from '../../ui/popup.ts'

export interface SocialPopup {
  /** Sends the window to the provider's page. */
  navigate(uri: string): void
  /** The user closed it (or it closed itself). */
  closed(): boolean
  close(): void
  /** Calls `listener` with the callback URL; returns the unsubscribe. */
  onCallback(listener: (url: string) => void): () => void
}

/** The window APIs the popup needs (the modal's `window`; tests pass a fake). */
export interface PopupHost extends PopupGeometry {
  open(url: string, target: string, features: string): PopupWindow | null
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void
}

export type PopupWindow = Pick<Window, 'closed' | 'close' | 'focus'> & { location: { href: string } }

/** A login page's size. */
const WIDTH = 500
const HEIGHT = 640

/**
 * Opens the login window; call it in the click handler, before any await. Undefined when the
 * browser blocked it.
 */
export function openSocialPopup(host: PopupHost, keyOrigin: string): SocialPopup | undefined {
  let popup: PopupWindow | null = null
  try {
    popup = host.open('', SOCIAL_POPUP_NAME, popupFeatures(host, WIDTH, HEIGHT))
  } catch {
    popup = null
  }
  if (!popup) return undefined
  const win = popup
  win.focus()
  return {
    navigate(uri) {
      win.location.href = uri
    },
    closed: () => win.closed,
    close() {
      if (!win.closed) win.close()
    },
    onCallback(listener) {
      const onMessage = (event: MessageEvent) => {
        if (event.source !== win || event.origin !== keyOrigin) return
        const message = SocialCallbackMessageSchema.safeParse(event.data)
        if (message.success) listener(message.data.uri)
      }
      host.addEventListener('message', onMessage)
      return () => host.removeEventListener('message', onMessage)
    },
  }
}
