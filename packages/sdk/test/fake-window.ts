/**
 * Small fakes of the browser objects the SDK touches (window, document, iframe, localStorage,
 * MutationObserver, fetch of the modal server's origin check), enough to run it in Node. Like a browser, a frame's `contentWindow` delivers a
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
  constructor(readonly doc: FakeDocument) {
    super()
  }
  /** In the document: the root element, or a child of a connected element. */
  get isConnected(): boolean {
    return (this as FakeElement) === this.doc.documentElement || (this.parentNode?.isConnected ?? false)
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
  private readonly targets = new Set<FakeParent>()
  constructor(private readonly callback: ObserverCallback) {}
  observe(target: FakeParent) {
    this.targets.add(target)
    if (!observers.has(target)) observers.set(target, new Set())
    observers.get(target)!.add(this.callback)
  }
  disconnect() {
    for (const target of this.targets) observers.get(target)?.delete(this.callback)
    this.targets.clear()
  }
}

export class FakeParent extends FakeElement {
  readonly children: FakeElement[] = []
  appendChild(child: FakeElement) {
    this.children.push(child)
    child.parentNode = this
    this.notify()
    // A browser loads an appended frame later, not during appendChild.
    if (child instanceof FakeFrame) setTimeout(() => child.isConnected && this.doc.loadFrame(child))
    return child
  }
  removeChild(child: FakeElement) {
    this.children.splice(this.children.indexOf(child), 1)
    child.parentNode = null
    this.notify()
  }
  private notify() {
    // Like a real MutationObserver: called later, in a microtask, unless disconnected meanwhile.
    for (const callback of observers.get(this) ?? [])
      queueMicrotask(() => observers.get(this)?.has(callback) && callback())
  }
}

export class FakeDocument {
  /** A page that has loaded, unless a test says it is still loading. */
  readyState: DocumentReadyState = 'complete'
  activeElement: FakeElement | null = null
  readonly documentElement = new FakeParent(this)
  readonly body = new FakeParent(this)
  readonly frames: FakeFrame[] = []
  constructor(readonly loadFrame: (frame: FakeFrame) => void) {
    this.documentElement.appendChild(this.body)
    this.activeElement = this.body
  }
  createElement(tag: string) {
    if (tag !== 'iframe') throw new Error(`unexpected element ${tag}`)
    const frame = new FakeFrame(this)
    this.frames.push(frame)
    return frame
  }
}

export type OriginCheckAnswer = { status: number; body: unknown } | 'unreachable'

export interface FakeWindowOptions {
  storage?: FakeStorage | 'blocked'
  ethereum?: unknown
  /**
   * What the modal server's origin check answers, asked at each check (default: this origin is
   * allowed); 'unreachable' is a fetch that fails (server down, or the page's CSP).
   */
  originCheck?: () => OriginCheckAnswer
  /** The page is still loading: its `load` event is the test's to dispatch. */
  loading?: boolean
  /** Called with each new modal window (first load and every reload), before its `load` fires. */
  onModalWindow?: (modalWindow: EventTarget, frame: FakeFrame) => void
}

export interface FakeWindow extends EventTarget {
  document: FakeDocument
  storage: FakeStorage
  /** Loads (or reloads) the frame: a fresh modal window, then the `load` event. */
  load(frame: FakeFrame): void
  ethereum?: unknown
  /** Every origin-check URL the SDK fetched. */
  checked: string[]
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
  if (options.loading) document.readyState = 'loading'
  Object.assign(fake, {
    document,
    storage,
    load,
    location: { href: 'https://dapp.example/' },
    crypto: globalThis.crypto,
    MutationObserver: FakeMutationObserver,
    ethereum: options.ethereum,
    async fetch(url: string) {
      fake.checked.push(url)
      const check = options.originCheck?.() ?? { status: 200, body: { allowed: true } }
      if (check === 'unreachable') throw new TypeError('Failed to fetch')
      return new Response(JSON.stringify(check.body), { status: check.status })
    },
    checked: [],
  })
  Object.defineProperty(fake, 'localStorage', {
    get() {
      if (options.storage === 'blocked') throw new DOMException('The operation is insecure.', 'SecurityError')
      return storage
    },
  })
  return { win: fake as unknown as Window, fake }
}
