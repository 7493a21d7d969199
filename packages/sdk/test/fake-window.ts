/**
 * Small fakes of the browser objects the SDK touches (window, document, iframe, localStorage,
 * MutationObserver), enough to run it in Node. Like a browser, a frame's `contentWindow` delivers a
 * post only to the exact target origin, with the host window as `source`; each (re)load of a frame
 * gives it a fresh modal window.
 */
export const HOST_ORIGIN = 'http://127.0.0.1:5173'
export const MODAL_URL = 'http://127.0.0.2:5174/modal/'
export const MODAL_ORIGIN = 'http://127.0.0.2:5174'

export class FakeStorage {
  readonly map = new Map<string, string>()
  get length() {
    return this.map.size
  }
  key(index: number) {
    return [...this.map.keys()][index] ?? null
  }
  getItem(key: string) {
    return this.map.get(key) ?? null
  }
  setItem(key: string, value: string) {
    this.map.set(key, String(value))
  }
  removeItem(key: string) {
    this.map.delete(key)
  }
}

export class FakeElement extends EventTarget {
  parentNode: FakeParent | null = null
  isConnected = false
  constructor(readonly doc: FakeDocument) {
    super()
  }
  focus() {
    this.doc.activeElement = this
  }
  remove() {
    this.parentNode?.removeChild(this)
  }
}

export class FakeFrame extends FakeElement {
  title = ''
  allow = ''
  src = ''
  style: Record<string, string> = {}
  contentWindow: { postMessage(data: unknown, targetOrigin: string, transfer: unknown[]): void } | null = null
  /** Every origin the hello (or anything else) was posted to. */
  readonly targetOrigins: string[] = []
}

type ObserverCallback = () => void
const observers = new Map<FakeParent, Set<ObserverCallback>>()

class FakeMutationObserver {
  private target: FakeParent | undefined
  constructor(private readonly callback: ObserverCallback) {}
  observe(target: FakeParent) {
    this.target = target
    if (!observers.has(target)) observers.set(target, new Set())
    observers.get(target)!.add(this.callback)
  }
  disconnect() {
    if (this.target) observers.get(this.target)?.delete(this.callback)
  }
}

export class FakeParent extends FakeElement {
  readonly children: FakeElement[] = []
  appendChild(child: FakeElement) {
    this.children.push(child)
    child.parentNode = this
    child.isConnected = true
    this.notify()
    // A browser loads an appended frame later, not during appendChild.
    if (child instanceof FakeFrame) setTimeout(() => child.isConnected && this.doc.loadFrame(child))
    return child
  }
  removeChild(child: FakeElement) {
    this.children.splice(this.children.indexOf(child), 1)
    child.parentNode = null
    child.isConnected = false
    this.notify()
  }
  private notify() {
    // Like a real MutationObserver: called later, in a microtask.
    for (const callback of observers.get(this) ?? []) queueMicrotask(callback)
  }
}

export class FakeDocument {
  activeElement: FakeElement | null = null
  readonly body = new FakeParent(this)
  readonly frames: FakeFrame[] = []
  constructor(readonly loadFrame: (frame: FakeFrame) => void) {
    this.activeElement = this.body
  }
  createElement(tag: string) {
    if (tag !== 'iframe') throw new Error(`unexpected element ${tag}`)
    const frame = new FakeFrame(this)
    this.frames.push(frame)
    return frame
  }
}

export interface FakeWindowOptions {
  storage?: FakeStorage | 'blocked'
  ethereum?: unknown
  userAgent?: string
  /** Called with each new modal window (first load and every reload), before its `load` fires. */
  onModalWindow?: (modalWindow: EventTarget, frame: FakeFrame) => void
}

export interface FakeWindow extends EventTarget {
  document: FakeDocument
  storage: FakeStorage
  /** Loads (or reloads) the frame: a fresh modal window, then the `load` event. */
  load(frame: FakeFrame): void
  ethereum?: unknown
}

export function createFakeWindow(options: FakeWindowOptions = {}): { win: Window; fake: FakeWindow } {
  const storage = options.storage instanceof FakeStorage ? options.storage : new FakeStorage()
  const fake = new EventTarget() as FakeWindow
  const load = (frame: FakeFrame) => {
    const modalWindow = new EventTarget()
    frame.contentWindow = {
      postMessage(data, targetOrigin, transfer) {
        frame.targetOrigins.push(targetOrigin)
        if (targetOrigin !== MODAL_ORIGIN) return
        const event = Object.assign(new Event('message'), {
          data: structuredClone(data),
          origin: HOST_ORIGIN,
          source: fake,
          ports: transfer,
        })
        modalWindow.dispatchEvent(event)
      },
    }
    options.onModalWindow?.(modalWindow, frame)
    frame.dispatchEvent(new Event('load'))
  }
  const document = new FakeDocument(load)
  Object.assign(fake, {
    document,
    storage,
    load,
    navigator: { userAgent: options.userAgent ?? 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0' },
    crypto: globalThis.crypto,
    MutationObserver: FakeMutationObserver,
    ethereum: options.ethereum,
  })
  Object.defineProperty(fake, 'localStorage', {
    get() {
      if (options.storage === 'blocked') throw new DOMException('The operation is insecure.', 'SecurityError')
      return storage
    },
  })
  return { win: fake as unknown as Window, fake }
}
