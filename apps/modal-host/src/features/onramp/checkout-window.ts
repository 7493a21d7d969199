/**
 * The provider's checkout, in a window of its own (spec: a provider's widget). Opened empty in the
 * user's click, as a popup needs the click's activation and the URL comes from an API call after
 * it; then sent to the URL. The checkout is the provider's page on the provider's origin: nothing
 * is read from it, the modal only learns whether it is still open.
 */
import { type PopupGeometry, popupFeatures } from '../../ui/popup.ts'

export const CHECKOUT_WINDOW_NAME = 'walletframe-onramp'
const WIDTH = 480
const HEIGHT = 760

export interface CheckoutWindow {
  navigate(url: string): void
  closed(): boolean
  close(): void
}

export interface CheckoutWindowHost extends PopupGeometry {
  open(
    url: string,
    target: string,
    features: string,
  ):
    | (Pick<Window, 'closed' | 'close' | 'focus'> & {
        location: { href: string }
      })
    | null
}

/** Call it in the click handler, before any await. Undefined when the browser blocked it. */
export function openCheckoutWindow(host: CheckoutWindowHost): CheckoutWindow | undefined {
  let win: ReturnType<CheckoutWindowHost['open']> = null
  try {
    win = host.open('', CHECKOUT_WINDOW_NAME, popupFeatures(host, WIDTH, HEIGHT))
  } catch {
    win = null
  }
  if (!win) return undefined
  const popup = win
  popup.focus()
  return {
    navigate(url) {
      popup.location.href = url
    },
    closed: () => popup.closed,
    close() {
      if (!popup.closed) popup.close()
    },
  }
}
