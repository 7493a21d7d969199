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

const warming = new WeakMap<Document, { iframe: HTMLIFrameElement; warmed: Promise<void> }>()

/**
 * Makes the key frame's iframe at once, on its origin but not yet the key frame itself (that needs
 * the host's init). Chromium moves the page's focus to the top frame when a frame of a new site
 * first commits; done at boot, before anything can open the modal, that takes no focus from the
 * dialog. Called again, it returns the same frame.
 */
export function warmUpKeyFrame(
  doc: Document,
  origin: string,
): { iframe: HTMLIFrameElement; warmed: Promise<void> } {
  const existing = warming.get(doc)
  if (existing) return existing
  const iframe = doc.createElement('iframe')
  iframe.title = 'Embedded wallet'
  // The passkey prompts of wallet setup and signing run inside the key frame (docs/embedded-wallet.md).
  iframe.allow = 'publickey-credentials-get; publickey-credentials-create'
  iframe.style.cssText = `${HIDDEN};z-index:${EMBEDDED_FRAME_Z_INDEX}`
  // Hidden, it takes no focus either.
  iframe.inert = true
  const warmed = new Promise<void>((resolve) =>
    iframe.addEventListener('load', () => resolve(), { once: true }),
  )
  iframe.src = new URL(KEY_FRAME_WARM_UP_PATH, origin).href
  doc.body.appendChild(iframe)
  const entry = { iframe, warmed }
  warming.set(doc, entry)
  return entry
}

export function mountKeyFrame(
  doc: Document,
  options: { origin: string; query: KeyFrameQuery; init: FrameInit; log(message: string): void },
): KeyFrameElement {
  const { iframe, warmed } = warmUpKeyFrame(doc, options.origin)
  const loaded = warmed.then(
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
