/**
 * The key frame's iframe in the modal document (spec §2: a hidden embedded frame, z-index 999999).
 * It is made once and never moved (moving an iframe reloads it): to show it, it is laid over a
 * placeholder of the current view and follows that placeholder's box.
 */
import {
  connectToChild,
  createFrameValidator,
  EMBEDDED_FRAME_Z_INDEX,
  FRAME_METHOD_META,
  type FrameChannel,
  type FrameInit,
  HANDSHAKE,
  KEY_FRAME_WARM_UP_ELEMENT_ID,
  KEY_FRAME_WARM_UP_PATH,
  type KeyFrameQuery,
  keyFrameUrl,
} from '@walletframe/protocol'
import type { FrameMessenger } from './key-frame.machine.ts'

export interface KeyFrameElement {
  /** Waits for the frame's page to load, then says hello with `init`. */
  connect(): Promise<FrameMessenger>
  show(placeholder: HTMLElement): void
  hide(): void
}

const HIDDEN = 'position:fixed;top:0;left:0;width:0;height:0;border:0;display:none;pointer-events:none'

/**
 * The key frame's iframe: the modal server writes it into the page (server/app.ts) on the key
 * origin's warm-up page, so the parser makes it while the modal's scripts load. Chromium moves the
 * page's focus to the top frame when a frame of a new site first commits; done then, before
 * anything can open the modal, that takes no focus from the dialog. Without it (a page served by
 * something else), the key frame does not load: the email login says it is unavailable.
 */
function warmedUpFrame(doc: Document, origin: string) {
  const iframe = doc.getElementById(KEY_FRAME_WARM_UP_ELEMENT_ID) as HTMLIFrameElement | null
  const src = new URL(KEY_FRAME_WARM_UP_PATH, origin).href
  if (iframe?.src !== src) return undefined
  iframe.removeAttribute('hidden')
  iframe.style.cssText = `${HIDDEN};z-index:${EMBEDDED_FRAME_Z_INDEX}`
  // It most likely loaded before this ran: its navigation's timing entry, buffered, says so.
  const warmed = new Promise<void>((resolve) => {
    iframe.addEventListener('load', () => resolve(), { once: true })
    whenLoaded(doc, src, resolve)
  })
  return { iframe, warmed }
}

/** Calls `loaded` once the document has a resource timing entry for `url` (a frame's: at its load). */
function whenLoaded(doc: Document, url: string, loaded: () => void): void {
  const Observer = doc.defaultView?.PerformanceObserver
  if (!Observer) return
  const observer = new Observer((list) => {
    if (list.getEntriesByName(url).length === 0) return
    observer.disconnect()
    loaded()
  })
  observer.observe({ type: 'resource', buffered: true })
}

export function mountKeyFrame(
  doc: Document,
  options: { origin: string; query: KeyFrameQuery; init: FrameInit; log(message: string): void },
): KeyFrameElement {
  const warm = warmedUpFrame(doc, options.origin)
  if (!warm)
    return { connect: () => Promise.reject(new Error('the page has no key frame')), show() {}, hide() {} }
  const { iframe, warmed } = warm
  /** The key frame's page, asked for on the first connect. */
  let loaded: Promise<void> | undefined
  const load = () =>
    warmed.then(
      () =>
        new Promise<void>((resolve) => {
          iframe.addEventListener('load', () => resolve(), { once: true })
          // A same-site navigation of the warmed-up frame: no new process, no focus moved.
          iframe.src = keyFrameUrl(options.origin, options.query)
        }),
    )

  let following: { stop(): void } | undefined
  const place = (placeholder: HTMLElement) => {
    const box = placeholder.getBoundingClientRect()
    Object.assign(iframe.style, {
      top: `${box.top}px`,
      left: `${box.left}px`,
      width: `${box.width}px`,
      height: `${box.height}px`,
      display: 'block',
      pointerEvents: 'auto',
    })
    iframe.inert = false
  }

  return {
    async connect() {
      // A frame its server refused may never load: the handshake's own deadline covers that too.
      let timer: ReturnType<typeof setTimeout> | undefined
      const gaveUp = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('key frame did not load')), HANDSHAKE.timeoutMs)
      })
      try {
        loaded ??= load()
        await Promise.race([loaded, gaveUp])
      } finally {
        clearTimeout(timer)
      }
      const { messenger } = await connectToChild<FrameChannel>({
        target: iframe.contentWindow!,
        targetOrigin: options.origin,
        init: options.init,
        validator: createFrameValidator(),
        createChannel: () => new MessageChannel(),
        table: FRAME_METHOD_META,
        onDiscard: (reason) => options.log(`key frame: ${reason}`),
      })
      return messenger
    },
    show(placeholder) {
      following?.stop()
      place(placeholder)
      const follow = () => place(placeholder)
      const observer = new ResizeObserver(follow)
      observer.observe(placeholder)
      const view = doc.defaultView
      view?.addEventListener('resize', follow)
      // The dialog's body scrolls and animates its height: follow any scroll, and each frame's box.
      doc.addEventListener('scroll', follow, true)
      let frame = view?.requestAnimationFrame(function track() {
        follow()
        frame = view.requestAnimationFrame(track)
      })
      following = {
        stop() {
          observer.disconnect()
          view?.removeEventListener('resize', follow)
          doc.removeEventListener('scroll', follow, true)
          if (frame !== undefined) view?.cancelAnimationFrame(frame)
        },
      }
    },
    hide() {
      following?.stop()
      following = undefined
      iframe.style.cssText = `${HIDDEN};z-index:${EMBEDDED_FRAME_Z_INDEX}`
      iframe.inert = true
    },
  }
}
