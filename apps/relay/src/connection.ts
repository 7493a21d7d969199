/**
 * One client socket: its client id, its subscriptions and the deliveries it has not acked yet.
 */
import type { WebSocket } from 'ws'
import { subscriptionId } from './hash.ts'
import { nextRequestId, requestFrame } from './json-rpc.ts'
import { type RelayLimits, TokenBucket } from './limits.ts'
import type { RelayMessage } from './mailbox.ts'

/** WebSocket close codes the relay uses. */
export const CloseCode = {
  goingAway: 1001,
  /** Too slow a reader, or a connection limit: reconnect later. */
  tryAgainLater: 1013,
  /** The JWT the socket was opened with has expired: reconnect with a fresh one. */
  tokenExpired: 4010,
} as const

export class Connection {
  /** topic → subscription id */
  readonly subscriptions = new Map<string, string>()
  readonly publishBucket: TokenBucket
  /** Sent `irn_subscription` request id → message, until the client acks it. */
  private readonly awaitingAck = new Map<string, RelayMessage>()
  /** Message ids in `awaitingAck`, so a message is not sent twice on one socket. */
  private readonly inFlight = new Set<string>()
  /** Topics with messages held back because too many deliveries were awaiting acks. */
  private readonly held = new Set<string>()
  alive = true
  /** Replies whose write has not completed; released when the socket closes. */
  private readonly writing = new Set<() => void>()

  constructor(
    readonly clientId: string,
    readonly socket: WebSocket,
    private readonly limits: RelayLimits,
  ) {
    this.publishBucket = new TokenBucket(limits.publishBurst, limits.publishPerSecond)
  }

  get open(): boolean {
    return this.socket.readyState === this.socket.OPEN
  }

  send(frame: string): void {
    this.sendWith(frame)
  }

  /** False when the frame was not sent (socket closed, or closed now for not reading). */
  private sendWith(frame: string, written?: () => void): boolean {
    if (!this.open) return false
    // A client that does not read would make the relay buffer without end; the mailbox keeps
    // its messages for when it reconnects.
    if (this.socket.bufferedAmount > this.limits.maxBufferedBytes) {
      this.socket.close(CloseCode.tryAgainLater, 'Client too slow: send buffer full')
      return false
    }
    this.socket.send(frame, written)
    return true
  }

  /**
   * Sends and resolves once the frame is written to the socket (or cannot be): what lets the relay
   * deliver a message only after its publisher's acknowledgement is on the wire. Most writes reach
   * the kernel at once (nothing left buffered); only a backed-up socket makes the caller wait.
   */
  sendWritten(frame: string): Promise<void> | undefined {
    let waiting: (() => void) | undefined
    let written = false
    const onWritten = () => {
      written = true
      if (waiting) {
        this.writing.delete(waiting)
        waiting()
      }
    }
    if (!this.sendWith(frame, onWritten) || this.socket.bufferedAmount === 0 || written) return undefined
    return new Promise((resolve) => {
      waiting = resolve
      this.writing.add(resolve)
    })
  }

  /** The socket closed: nothing more will be written. */
  closed(): void {
    for (const done of [...this.writing]) done()
  }

  subscribe(topic: string): string {
    let id = this.subscriptions.get(topic)
    if (id === undefined) {
      id = subscriptionId(topic, this.clientId)
      this.subscriptions.set(topic, id)
    }
    return id
  }

  /** Sends a message unless it is the client's own, not subscribed, or already awaiting its ack. */
  deliver(message: RelayMessage): void {
    const subscription = this.subscriptions.get(message.topic)
    if (subscription === undefined || message.publisher === this.clientId) return
    if (this.inFlight.has(message.id) || !this.open) return
    if (this.awaitingAck.size >= this.limits.maxUnackedDeliveries) {
      // Window full: the message waits in the mailbox until acks make room (see `refill`).
      this.held.add(message.topic)
      return
    }
    const id = nextRequestId()
    this.awaitingAck.set(String(id), message)
    this.inFlight.add(message.id)
    this.send(
      requestFrame(id, 'irn_subscription', {
        id: subscription,
        data: {
          topic: message.topic,
          message: message.message,
          publishedAt: message.publishedAt,
          tag: message.tag,
          // An empty attestation tells wallets there is nothing to look up at a verify server.
          attestation: '',
        },
      }),
    )
  }

  /**
   * Topics to deliver from the mailbox again once every delivery has been acked; empty while
   * nothing is held back or acks are outstanding. Waiting for all of them means the mailbox read
   * that follows cannot race an ack and send a message twice.
   */
  refill(): string[] {
    if (this.held.size === 0 || this.awaitingAck.size > 0) return []
    const topics = [...this.held]
    this.held.clear()
    return topics
  }

  /** The message a client's reply acknowledges, if that reply matches a delivery. */
  settle(requestId: string): RelayMessage | undefined {
    const message = this.awaitingAck.get(requestId)
    if (!message) return undefined
    this.awaitingAck.delete(requestId)
    this.inFlight.delete(message.id)
    return message
  }
}
