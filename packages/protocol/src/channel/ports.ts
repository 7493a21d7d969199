/** The few DOM shapes the channel needs, so that it runs (and is tested) without a DOM. */

export interface MessageEventLike {
  data: unknown
  origin?: string
  source?: unknown
  ports?: readonly PortLike[]
}

export type MessageListener = (event: MessageEventLike) => void

export interface PortLike {
  postMessage(message: unknown): void
  addEventListener(type: 'message', listener: MessageListener): void
  removeEventListener(type: 'message', listener: MessageListener): void
  start?(): void
  close(): void
}

/** The window a hello is posted to: the modal iframe's `contentWindow`. */
export interface TargetWindowLike {
  postMessage(message: unknown, targetOrigin: string, transfer: PortLike[]): void
}

/** The window a child listens on for its parent's hello. */
export interface ListeningWindowLike {
  addEventListener(type: 'message', listener: MessageListener): void
  removeEventListener(type: 'message', listener: MessageListener): void
}

export interface ChannelPair {
  port1: PortLike
  port2: PortLike
}
