/**
 * The first text a renderer process lays out pays for finding and loading its fonts: measured here,
 * ~20 ms of the first open's render (issue 10: navigation → modal visible). index.html carries a
 * hidden line of text in the modal's font and weights, which the browser lays out while the
 * scripts still load; at boot it is laid out for certain (a hidden frame draws no frames) and removed.
 */
export const TEXT_WARM_UP_ID = 'wf-text-warm-up'

export function finishTextWarmUp(doc: Document): void {
  const element = doc.getElementById(TEXT_WARM_UP_ID)
  if (!element) return
  element.getBoundingClientRect()
  element.remove()
}
