/**
 * The relay's limits, so one misbehaving client cannot starve the others: per connection, per
 * client id, per address, per topic and for the whole process. Refusals are JSON-RPC -32005
 * (close code 1013 for a refused connection).
 */

export interface RelayLimits {
  /** Largest WebSocket frame; a bigger one closes the socket with 1009 (ws cannot read it). */
  maxFrameBytes: number
  /** Largest `message` in a publish; a bigger one gets a -32005 error and the socket stays. */
  maxMessageBytes: number
  maxSubscriptionsPerConnection: number
  /** Topics or messages in one batch request (WalletConnect clients send at most 500). */
  maxBatchSize: number
  /** Publish token bucket: sustained messages per second and burst size, per connection. */
  publishPerSecond: number
  publishBurst: number
  /** Longest a message is kept: a longer ttl is cut to this (WalletConnect clients use up to 1 day). */
  maxTtlSeconds: number
  /** Open sockets in this relay process, and from one IP address. */
  maxConnections: number
  maxConnectionsPerIp: number
  /** Longest JWT lifetime accepted (exp − now); the socket is closed when its token expires. */
  maxTokenLifetimeSeconds: number
  /** Bytes of live messages one topic may hold; a publish beyond gets -32005. */
  maxTopicBytes: number
  /** Bytes of live messages one client id may have stored (per relay process with Redis). */
  maxClientBytes: number
  /** Bytes of live messages in the in-memory mailbox; the oldest are evicted to make room. */
  maxStoredBytes: number
  /** Unsent bytes a socket may queue before the relay drops it as too slow to keep up. */
  maxBufferedBytes: number
  /**
   * Deliveries a socket may have awaiting acks; more wait in the mailbox until acks make room, so a
   * client that reads but never acks cannot make the relay track an unbounded number.
   */
  maxUnackedDeliveries: number
}

export const defaultLimits: RelayLimits = {
  maxFrameBytes: 1024 * 1024,
  maxMessageBytes: 64 * 1024,
  maxSubscriptionsPerConnection: 1000,
  maxBatchSize: 500,
  publishPerSecond: 100,
  publishBurst: 200,
  maxTtlSeconds: 7 * 24 * 3600,
  maxConnections: 10_000,
  maxConnectionsPerIp: 100,
  maxTokenLifetimeSeconds: 25 * 3600,
  maxTopicBytes: 1024 * 1024,
  maxClientBytes: 4 * 1024 * 1024,
  maxStoredBytes: 256 * 1024 * 1024,
  maxBufferedBytes: 8 * 1024 * 1024,
  maxUnackedDeliveries: 1000,
}

/** Refills continuously at `perSecond`, up to `capacity`; a take that does not fit is refused whole. */
export class TokenBucket {
  private tokens: number
  private updatedAt: number

  constructor(
    private readonly capacity: number,
    private readonly perSecond: number,
    private readonly now: () => number = Date.now,
  ) {
    this.tokens = capacity
    this.updatedAt = now()
  }

  take(count = 1): boolean {
    const now = this.now()
    this.tokens = Math.min(this.capacity, this.tokens + ((now - this.updatedAt) / 1000) * this.perSecond)
    this.updatedAt = now
    if (count > this.tokens) return false
    this.tokens -= count
    return true
  }
}
