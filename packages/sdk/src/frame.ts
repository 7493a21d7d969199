/**
 * The modal's iframe: a transparent, full-viewport layer, hidden while the modal is closed; the
 * modal draws its own backdrop and dialog inside it. Or, given a container (spec §2 embedded mode),
 * a block that fills it and is always shown.
 */
import { WALLETFRAME_NAME } from '@walletframe/protocol/host'

export interface Frame {
  el: HTMLIFrameElement
  /** Makes the frame visible; `focus` moves the keyboard focus into it (the modal is open). */
  show(focus?: boolean): void
  /**
   * Hides the frame and gives the focus back to what had it before, if the frame holds it.
   * `afterMs`: the page gets its clicks back at once; the frame stays drawn that long, so the
   * modal's closing animation is seen.
   */
  hide(afterMs?: number): void
  remove(): void
}

export function createFrame(
  win: Window,
  src: string,
  zIndex: number,
  onLoad: () => void,
  onGone: () => void,
  container?: HTMLElement,
): Frame {
  const doc = win.document
  const el = doc.createElement('iframe')
  let focusBefore: Element | null = null
  let hiding: ReturnType<typeof setTimeout> | undefined
  el.title = WALLETFRAME_NAME
  el.allow = 'clipboard-write; publickey-credentials-get; publickey-credentials-create'
  // color-scheme normal: when it differs from the modal document's, browsers paint an opaque backdrop.
  el.style.cssText = `${container ? 'display:block' : `position:fixed;inset:0;z-index:${zIndex}`};width:100%;height:100%;border:0;background:transparent;color-scheme:normal`
  el.src = src
  el.addEventListener('load', onLoad)

  const frame: Frame = {
    el,
    show(focus) {
      if (container) return
      clearTimeout(hiding)
      if (el.style.display !== 'block') focusBefore = doc.activeElement
      el.style.display = 'block'
      el.style.pointerEvents = ''
      // Only into the frame: focusing the iframe again while focus is inside it pulls focus out of
      // the modal's document (the modal reports its state again on any change).
      if (focus && doc.activeElement !== el) el.focus()
    },
    hide(afterMs) {
      if (container) return
      const hadFocus = doc.activeElement === el
      el.style.pointerEvents = 'none'
      clearTimeout(hiding)
      if (afterMs) hiding = setTimeout(() => (el.style.display = 'none'), afterMs)
      else el.style.display = 'none'
      if (hadFocus) (focusBefore as HTMLElement | null)?.focus?.()
      focusBefore = null
    },
    remove() {
      observer?.disconnect()
      frame.hide()
      el.remove()
    },
  }
  frame.hide()
  ;(container ?? doc.body ?? doc.documentElement).appendChild(el)
  // Someone may remove the frame or an ancestor of it (a framework re-rendering the body, a new
  // <body>): requests in flight must fail at once, not at their deadline (issue 10).
  const Observer = (win as Window & typeof globalThis).MutationObserver
  const observer = Observer && new Observer(() => el.isConnected || onGone())
  for (let node = el.parentNode; node; node = node.parentNode) observer?.observe(node, { childList: true })
  return frame
}
