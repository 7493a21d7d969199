/** The single-process mailbox: topics in a Map, each message carrying the client ids that acked it. */
import { isDueFor, type Mailbox, type RelayMessage } from './mailbox.ts'

interface Entry {
  message: RelayMessage
  ackedBy: Set<string>
}

export class MemoryMailbox implements Mailbox {
  /** Per topic, messages by id; a Map keeps publish order and makes retried publishes O(1). */
  private readonly topics = new Map<string, Map<string, Entry>>()
  private readonly sweeper: NodeJS.Timeout
  private readonly now: () => number

  constructor(options: { now?: () => number; sweepIntervalMs?: number } = {}) {
    this.now = options.now ?? Date.now
    // Expired messages are also skipped on read; the sweep only gives their memory back.
    this.sweeper = setInterval(() => this.sweep(), options.sweepIntervalMs ?? 30_000)
    this.sweeper.unref()
  }

  async store(message: RelayMessage): Promise<boolean> {
    let entries = this.topics.get(message.topic)
    if (!entries) {
      entries = new Map()
      this.topics.set(message.topic, entries)
    }
    const existing = entries.get(message.id)
    if (existing && existing.message.expiresAt > this.now()) return false
    // An expired copy is replaced at the end, keeping the Map in publish order.
    entries.delete(message.id)
    entries.set(message.id, { message, ackedBy: new Set() })
    return true
  }

  async unacked(topic: string, clientId: string): Promise<RelayMessage[]> {
    const now = this.now()
    const due: RelayMessage[] = []
    for (const { message, ackedBy } of this.topics.get(topic)?.values() ?? []) {
      if (isDueFor(message, clientId, now) && !ackedBy.has(clientId)) due.push(message)
    }
    return due
  }

  async ack(clientId: string, message: RelayMessage): Promise<void> {
    this.topics.get(message.topic)?.get(message.id)?.ackedBy.add(clientId)
  }

  /** Drops expired messages and empty topics. */
  sweep(): void {
    const now = this.now()
    for (const [topic, entries] of this.topics) {
      for (const [id, entry] of entries) if (entry.message.expiresAt <= now) entries.delete(id)
      if (entries.size === 0) this.topics.delete(topic)
    }
  }

  /** Messages held, expired or not; lets tests see what the sweep freed. */
  get size(): number {
    let count = 0
    for (const entries of this.topics.values()) count += entries.size
    return count
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper)
  }
}
