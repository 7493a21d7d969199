/**
 * The relay protocol, independent of HTTP: connections come in with a verified client id, frames
 * go to the method table, publishes go to the mailbox, local subscribers and the fan-out.
 */
import type { RawData, WebSocket } from 'ws'
import { CloseCode, Connection } from './connection.ts'
import { RelayError, RpcCode } from './errors.ts'
import type { Fanout } from './fanout.ts'
import { errorFrame, parseFrame, resultFrame } from './json-rpc.ts'
import type { RelayLimits } from './limits.ts'
import type { Mailbox, RelayMessage } from './mailbox.ts'
import { isMethod, type MethodContext, methods } from './methods.ts'

export interface RelayLogger {
  warn(message: string): void
}

export class Relay {
  readonly connections = new Set<Connection>()
  private readonly subscribers = new Map<string, Set<Connection>>()
  /** The open sockets of each client id. */
  private readonly byClient = new Map<string, Set<Connection>>()
  /** Requests being handled, awaited on shutdown so none is cut off half-stored. */
  private readonly inProgress = new Set<Promise<unknown>>()
  private readonly warn = (error: unknown) => this.logger.warn(`relay: ${(error as Error).message}`)

  constructor(
    private readonly mailbox: Mailbox,
    private readonly fanout: Fanout,
    readonly limits: RelayLimits,
    private readonly logger: RelayLogger,
  ) {
    fanout.onMessage((message) => this.deliverLocally(message))
    fanout.onResync(() => {
      for (const connection of this.connections) {
        this.track(this.deliverStored(connection, [...connection.subscriptions.keys()]))
      }
    })
  }

  /** Requests refused with -32005, for the metrics. */
  private limitRefusals = 0

  /** `expiresAt`: when the client's JWT expires, and with it the socket. */
  attach(socket: WebSocket, clientId: string, expiresAt = Number.POSITIVE_INFINITY): Connection {
    const connection = new Connection(clientId, socket, this.limits)
    this.connections.add(connection)
    const sockets = this.byClient.get(clientId) ?? new Set()
    this.byClient.set(clientId, sockets.add(connection))
    // Subscriptions follow the client id, not one socket: a client racing its own reconnects
    // (sign-client 2.17–2.20 after a relay restart, interop matrix) may keep reading only its
    // newest socket. Duplicate deliveries are harmless: clients drop a message they have seen.
    const inherited = new Set([...sockets].flatMap((other) => [...other.subscriptions.keys()]))
    if (inherited.size > 0) {
      this.follow(connection, [...inherited])
      this.track(this.deliverStored(connection, [...connection.subscriptions.keys()]))
    }
    const lifetime = expiresAt - Date.now()
    if (lifetime < 2 ** 31) {
      const expiry = setTimeout(
        () => socket.close(CloseCode.tokenExpired, 'JWT expired: reconnect with a new token'),
        Math.max(0, lifetime),
      )
      expiry.unref()
      socket.once('close', () => clearTimeout(expiry))
    }
    socket.on('message', (data, isBinary) => this.onFrame(connection, data, isBinary))
    socket.on('pong', () => {
      connection.alive = true
    })
    socket.on('close', () => this.detach(connection))
    // Protocol errors (e.g. a frame over maxFrameBytes) arrive here; ws then closes the socket with
    // the matching code (1009), which is all the client needs to know.
    socket.on('error', () => {})
    return connection
  }

  subscribe(connection: Connection, topics: string[]): string[] {
    const added = new Set(topics.filter((topic) => !connection.subscriptions.has(topic))).size
    const max = this.limits.maxSubscriptionsPerConnection
    if (connection.subscriptions.size + added > max) {
      throw new RelayError(
        RpcCode.limitExceeded,
        `Limit exceeded: at most ${max} subscriptions per connection`,
      )
    }
    const ids = topics.map((topic) => this.add(connection, topic))
    for (const other of this.byClient.get(connection.clientId) ?? []) {
      if (other !== connection) this.follow(other, topics)
    }
    return ids
  }

  /** Unsubscribes every socket of the client id: the client means the topic, not one socket. */
  unsubscribe(connection: Connection, topics: string[]): void {
    for (const other of this.byClient.get(connection.clientId) ?? [connection]) this.drop(other, topics)
  }

  private add(connection: Connection, topic: string): string {
    let set = this.subscribers.get(topic)
    if (!set) {
      set = new Set()
      this.subscribers.set(topic, set)
    }
    set.add(connection)
    return connection.subscribe(topic)
  }

  /** A sibling socket takes the client's topics, as far as its own subscription limit allows. */
  private follow(connection: Connection, topics: string[]): void {
    for (const topic of topics) {
      if (connection.subscriptions.size >= this.limits.maxSubscriptionsPerConnection) return
      this.add(connection, topic)
    }
  }

  private drop(connection: Connection, topics: string[]): void {
    for (const topic of topics) {
      connection.subscriptions.delete(topic)
      const set = this.subscribers.get(topic)
      set?.delete(connection)
      if (set?.size === 0) this.subscribers.delete(topic)
    }
  }

  /** Sends what the client id has not acked yet on these topics (after a subscribe or reconnect). */
  async deliverStored(connection: Connection, topics: string[]): Promise<void> {
    const stored = await Promise.all(topics.map((topic) => this.mailbox.unacked(topic, connection.clientId)))
    for (const message of stored.flat()) connection.deliver(message)
  }

  unacked(topic: string, clientId: string): Promise<RelayMessage[]> {
    return this.mailbox.unacked(topic, clientId)
  }

  async ack(connection: Connection, messages: RelayMessage[]): Promise<void> {
    await Promise.all(messages.map((message) => this.mailbox.ack(connection.clientId, message)))
  }

  /**
   * Accepting a message is storing it: once this resolves the message is the relay's, kept in the
   * mailbox until its ttl ends whatever happens to its delivery. Returns the messages that were
   * new (a retried publish is stored and delivered once).
   */
  async accept(messages: RelayMessage[]): Promise<RelayMessage[]> {
    const fresh = await Promise.all(messages.map((message) => this.mailbox.store(message)))
    return messages.filter((_, index) => fresh[index])
  }

  /**
   * Delivers accepted messages to this relay's subscribers and announces them to the other relays.
   * Called only once the publisher's acknowledgement is written. A failure here loses nothing: the
   * message waits in the mailbox for the next (batch)subscribe or fetch.
   */
  async deliver(messages: RelayMessage[]): Promise<void> {
    // Released first, so a subscribe racing this publish either finds the message in the mailbox
    // or, already subscribed, gets it here; never before the publisher's ack. A failed release
    // only delays: held messages are released by age (MAX_HOLD_MS).
    await this.mailbox.release(messages).catch(this.warn)
    for (const message of messages) this.deliverLocally(message)
    await Promise.all(messages.map((message) => this.fanout.announce(message).catch(this.warn)))
  }

  stats() {
    return { connections: this.connections.size, limitRefusals: this.limitRefusals }
  }

  /** Resolves once every request under way has been answered. */
  async drain(): Promise<void> {
    while (this.inProgress.size > 0) await Promise.allSettled([...this.inProgress])
  }

  private deliverLocally(message: RelayMessage): void {
    for (const connection of this.subscribers.get(message.topic) ?? []) {
      try {
        connection.deliver(message)
      } catch (error) {
        // One broken socket must not keep the message from the others; it stays in the mailbox.
        this.warn(error)
      }
    }
  }

  private detach(connection: Connection): void {
    this.drop(connection, [...connection.subscriptions.keys()])
    this.connections.delete(connection)
    const sockets = this.byClient.get(connection.clientId)
    sockets?.delete(connection)
    if (sockets?.size === 0) this.byClient.delete(connection.clientId)
    connection.closed()
  }

  private track(work: Promise<unknown>): void {
    const tracked = work.catch(this.warn).finally(() => this.inProgress.delete(tracked))
    this.inProgress.add(tracked)
  }

  private onFrame(connection: Connection, data: RawData, isBinary: boolean): void {
    if (isBinary) {
      connection.send(
        errorFrame('null', new RelayError(RpcCode.invalidRequest, 'Invalid request: send text frames')),
      )
      return
    }
    const frame = parseFrame(
      Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.concat(data as Buffer[]).toString('utf8'),
    )
    if (frame.kind === 'invalid') {
      connection.send(errorFrame(frame.rawId, frame.error))
    } else if (frame.kind === 'response') {
      const message = connection.settle(frame.id)
      // An error reply leaves the message unacked: it comes again on the next subscribe. Not
      // tracked for shutdown: Redis answers QUIT only after the commands queued before it.
      if (message && frame.ok) this.mailbox.ack(connection.clientId, message).catch(this.warn)
      const held = connection.refill()
      if (held.length > 0) this.track(this.deliverStored(connection, held))
    } else {
      this.track(this.handleRequest(connection, frame.rawId, frame.method, frame.params))
    }
  }

  private async handleRequest(connection: Connection, rawId: string, method: string, params: unknown) {
    if (!isMethod(method)) {
      const name = method.length > 64 ? `${method.slice(0, 64)}…` : method
      connection.send(errorFrame(rawId, new RelayError(RpcCode.methodNotFound, `Method not found: ${name}`)))
      return
    }
    const followUps: Array<() => Promise<void>> = []
    const context: MethodContext = { relay: this, connection, afterReply: (work) => followUps.push(work) }
    let result: unknown
    try {
      result = await methods[method]!(context, params)
    } catch (error) {
      if (error instanceof RelayError) {
        if (error.code === RpcCode.limitExceeded) this.limitRefusals++
        connection.send(errorFrame(rawId, error))
        return
      }
      this.logger.warn(`relay: ${method} failed: ${(error as Error).message}`)
      connection.send(
        errorFrame(rawId, { code: RpcCode.internal, message: `Internal error: ${method} failed, retry` }),
      )
      return
    }
    // Acknowledge, then act: the reply is on the wire before any delivery the request caused, so
    // a client never hears of its peer's answer before its own publish is acknowledged.
    const written = connection.sendWritten(resultFrame(rawId, result))
    if (written) await written
    for (const work of followUps) await work().catch(this.warn)
  }
}
