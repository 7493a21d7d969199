/**
 * The single-process mailbox: topics in a Map, each message carrying the client ids that acked it.
 * Bytes are counted per topic, per publisher and in total: a topic or client over its share is
 * refused (-32005), and when the whole mailbox is full the oldest messages are evicted for new ones.
 */
import { limitExceeded } from './errors.ts'
import { isDueFor, type Mailbox, type MailboxStats, type RelayMessage, storedBytes } from './mailbox.ts'

interface Entry {
  message: RelayMessage
  ackedBy: Set<string>
  bytes: number
}

interface Topic {
  entries: Map<string, Entry>
  bytes: number
}

export interface StorageLimits {
  maxTopicBytes: number
  maxClientBytes: number
  maxStoredBytes: number
}

const unlimited: StorageLimits = {
  maxTopicBytes: Number.POSITIVE_INFINITY,
  maxClientBytes: Number.POSITIVE_INFINITY,
  maxStoredBytes: Number.POSITIVE_INFINITY,
}

export class MemoryMailbox implements Mailbox {
  /** Per topic, messages by id; a Map keeps publish order and makes retried publishes O(1). */
  private readonly topics = new Map<string, Topic>()
  /** Every entry in store order, oldest first: what eviction takes from. */
  private readonly age = new Set<Entry>()
  private readonly clientBytes = new Map<string, number>()
  /** Ids of messages stored but not yet released (their publisher's ack not yet written). */
  private readonly held = new Set<string>()
  private totalBytes = 0
  private evicted = 0
  private readonly sweeper: NodeJS.Timeout
  private readonly now: () => number
  private readonly limits: StorageLimits

  constructor(
    options: { now?: () => number; sweepIntervalMs?: number; limits?: Partial<StorageLimits> } = {},
  ) {
    this.now = options.now ?? Date.now
    this.limits = { ...unlimited, ...options.limits }
    // Expired messages are also skipped on read; the sweep only gives their memory back.
    this.sweeper = setInterval(() => this.sweep(), options.sweepIntervalMs ?? 30_000)
    this.sweeper.unref()
  }

  async store(message: RelayMessage): Promise<boolean> {
    let topic = this.topics.get(message.topic)
    const existing = topic?.entries.get(message.id)
    if (existing && existing.message.expiresAt > this.now()) return false
    // An expired copy is replaced at the end, keeping the Map in publish order.
    if (existing) this.remove(existing)
    const bytes = storedBytes(message)
    this.checkRoom(topic, message.publisher, bytes)
    while (this.totalBytes + bytes > this.limits.maxStoredBytes && this.age.size > 0) {
      this.remove(this.age.values().next().value!)
      this.evicted++
    }
    topic = this.topics.get(message.topic)
    if (!topic) {
      topic = { entries: new Map(), bytes: 0 }
      this.topics.set(message.topic, topic)
    }
    const entry: Entry = { message, ackedBy: new Set(), bytes }
    topic.entries.set(message.id, entry)
    topic.bytes += bytes
    this.age.add(entry)
    this.clientBytes.set(message.publisher, (this.clientBytes.get(message.publisher) ?? 0) + bytes)
    this.totalBytes += bytes
    this.held.add(message.id)
    return true
  }

  async release(messages: RelayMessage[]): Promise<void> {
    for (const message of messages) this.held.delete(message.id)
  }

  async unacked(topic: string, clientId: string): Promise<RelayMessage[]> {
    const now = this.now()
    const due: RelayMessage[] = []
    for (const { message, ackedBy } of this.topics.get(topic)?.entries.values() ?? []) {
      if (isDueFor(message, clientId, now, this.held.has(message.id)) && !ackedBy.has(clientId))
        due.push(message)
    }
    return due
  }

  async ack(clientId: string, message: RelayMessage): Promise<void> {
    this.topics.get(message.topic)?.entries.get(message.id)?.ackedBy.add(clientId)
  }

  /** Drops expired messages and empty topics. */
  sweep(): void {
    const now = this.now()
    for (const topic of this.topics.values()) {
      for (const entry of topic.entries.values()) if (entry.message.expiresAt <= now) this.remove(entry)
    }
  }

  stats(): MailboxStats {
    return { storedBytes: this.totalBytes, storedMessages: this.age.size, evictedMessages: this.evicted }
  }

  /** Messages held, expired or not; lets tests see what the sweep freed. */
  get size(): number {
    return this.age.size
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper)
  }

  /**
   * Refuses a message its topic or publisher has no room for. A full topic first frees its own
   * expired messages; a client's expired messages are freed by the periodic sweep.
   */
  private checkRoom(topic: Topic | undefined, publisher: string, bytes: number): void {
    const { maxTopicBytes, maxClientBytes } = this.limits
    if (topic && topic.bytes + bytes > maxTopicBytes) {
      const now = this.now()
      for (const entry of topic.entries.values()) if (entry.message.expiresAt <= now) this.remove(entry)
      if (topic.bytes + bytes > maxTopicBytes) {
        throw limitExceeded(`Limit exceeded: a topic holds at most ${maxTopicBytes} bytes of messages`)
      }
    }
    if ((this.clientBytes.get(publisher) ?? 0) + bytes > maxClientBytes) {
      throw limitExceeded(
        `Limit exceeded: a client may have at most ${maxClientBytes} bytes of messages stored`,
      )
    }
  }

  private remove(entry: Entry): void {
    const { message, bytes } = entry
    const topic = this.topics.get(message.topic)
    if (!topic || topic.entries.get(message.id) !== entry) return
    topic.entries.delete(message.id)
    topic.bytes -= bytes
    if (topic.entries.size === 0) this.topics.delete(message.topic)
    this.age.delete(entry)
    this.held.delete(message.id)
    const left = (this.clientBytes.get(message.publisher) ?? 0) - bytes
    if (left > 0) this.clientBytes.set(message.publisher, left)
    else this.clientBytes.delete(message.publisher)
    this.totalBytes -= bytes
  }
}
