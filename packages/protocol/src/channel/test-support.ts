/**
 * Test helpers for the channel (used by the co-located `*.test.ts` files only): a recorder for the
 * messages arriving on a real `MessagePort`, and small fakes of the windows the handshake uses.
 */
import type {
  ListeningWindowLike,
  MessageEventLike,
  MessageListener,
  PortLike,
  TargetWindowLike,
} from './ports.ts'

/** Records every message that arrives on `port`; `take()` returns them in order, waiting if needed. */
export function recordMessages(port: PortLike): { readonly messages: unknown[]; take(): Promise<unknown> } {
  const messages: unknown[] = []
  const waiters: ((data: unknown) => void)[] = []
  let read = 0
  port.addEventListener('message', (event) => {
    messages.push(event.data)
    const waiter = waiters.shift()
    if (waiter) waiter(messages[read++])
  })
  port.start?.()
  return {
    messages,
    take() {
      if (read < messages.length) return Promise.resolve(messages[read++])
      return new Promise((resolve) => waiters.push(resolve))
    },
  }
}

/** A window that a child listens on: `dispatch` delivers an event to every listener, synchronously. */
export class FakeWindow implements ListeningWindowLike {
  readonly listeners = new Set<MessageListener>()

  addEventListener(_type: 'message', listener: MessageListener): void {
    this.listeners.add(listener)
  }

  removeEventListener(_type: 'message', listener: MessageListener): void {
    this.listeners.delete(listener)
  }

  dispatch(event: MessageEventLike): void {
    for (const listener of [...this.listeners]) listener(event)
  }
}

export interface PostedMessage {
  message: unknown
  targetOrigin: string
  transfer: PortLike[]
}

/**
 * The child frame's window as the parent sees it. Like a browser, it delivers a post to `child`
 * only when `targetOrigin` is exactly the child's origin, with the parent's window as source.
 */
export class FakeChildFrame implements TargetWindowLike {
  readonly posts: PostedMessage[] = []

  constructor(
    private readonly delivery?: {
      child: FakeWindow
      childOrigin: string
      parentWindow: unknown
      parentOrigin: string
    },
  ) {}

  postMessage(message: unknown, targetOrigin: string, transfer: PortLike[]): void {
    this.posts.push({ message, targetOrigin, transfer })
    const delivery = this.delivery
    if (!delivery || targetOrigin !== delivery.childOrigin) return
    delivery.child.dispatch({
      data: message,
      origin: delivery.parentOrigin,
      source: delivery.parentWindow,
      ports: transfer,
    })
  }
}
