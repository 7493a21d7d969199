/**
 * The provider's login window (docs/social-login.md). The modal opens it in the user's click, empty
 * (the redirect URI comes later, from an async key-frame call, and a popup needs the click's
 * activation), then sends it to the provider. The key server's callback page, on the key origin,
 * posts the URL it was sent back to; only that message counts: from this window, from the key
 * origin, of the agreed shape. A closed window has no event, so the flow polls `closed`.
 */
import { SOCIAL_POPUP_NAME, SocialCallbackMessageSchema } from '@walletframe/protocol'
import { openEmptyPopup, type PopupOpener, type PopupWindow } from '../../ui/popup.ts'

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
export interface PopupHost extends PopupOpener {
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void
}

export type { PopupWindow }

/** A login page's size. */
const WIDTH = 500
const HEIGHT = 640

/**
 * Opens the login window; call it in the click handler, before any await. Undefined when the
 * browser blocked it.
 */
export function openSocialPopup(host: PopupHost, keyOrigin: string): SocialPopup | undefined {
  const popup = openEmptyPopup(host, SOCIAL_POPUP_NAME, WIDTH, HEIGHT)
  if (!popup) return undefined
  const win = popup.window
  return {
    navigate: popup.navigate,
    closed: popup.closed,
    close: popup.close,
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
