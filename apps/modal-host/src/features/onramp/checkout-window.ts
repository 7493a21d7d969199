/**
 * The provider's checkout, in a window of its own (spec: a provider's widget). Opened empty in the
 * user's click, as the URL comes from an API call after it; then sent to the URL. The checkout is
 * the provider's page on the provider's origin: nothing is read from it, the modal only learns
 * whether it is still open.
 */
import { type OpenedPopup, openEmptyPopup, type PopupOpener } from '../../ui/popup.ts'

export const CHECKOUT_WINDOW_NAME = 'walletframe-onramp'
const WIDTH = 480
const HEIGHT = 760

export type CheckoutWindow = Pick<OpenedPopup, 'navigate' | 'closed' | 'close'>

/** Call it in the click handler, before any await. Undefined when the browser blocked it. */
export function openCheckoutWindow(host: PopupOpener): CheckoutWindow | undefined {
  return openEmptyPopup(host, CHECKOUT_WINDOW_NAME, WIDTH, HEIGHT)
}
