/**
 * Fan-out over Redis pub/sub. Every new message is announced on one channel for the whole
 * deployment, after it is stored and its publisher acknowledged; each relay hears all of them and keeps those for topics its sockets subscribe
 * to. Simple and fine for a handful of relay processes; per-topic channels would scale further at
 * the cost of a SUBSCRIBE per topic.
 */
import type { Redis } from 'ioredis'
import { announcement, type Fanout, parseAnnouncement } from './fanout.ts'
import type { RelayMessage } from './mailbox.ts'

export const FANOUT_CHANNEL = 'wf:relay:fanout'

export class RedisFanout implements Fanout {
  private messageHandler: (message: RelayMessage) => void = () => {}
  private resyncHandler: () => void = () => {}
  private subscribedOnce = false

  private constructor(
    private readonly relayId: string,
    private readonly subscriber: Redis,
    private readonly publisher: Redis,
  ) {
    subscriber.on('message', (_channel: string, text: string) => {
      const { relayId, message } = parseAnnouncement(text)
      if (relayId !== this.relayId) this.messageHandler(message)
    })
    // ioredis resubscribes by itself after a reconnect; what was published in between is only in
    // the mailbox.
    subscriber.on('ready', () => {
      if (this.subscribedOnce) this.resyncHandler()
    })
  }

  /**
   * `relayId` marks this relay's announcements so it skips them. `subscriber` must be a connection
   * of its own (Redis reserves a subscribed connection); `publisher` may be the mailbox's.
   */
  static async create(relayId: string, subscriber: Redis, publisher: Redis): Promise<RedisFanout> {
    const fanout = new RedisFanout(relayId, subscriber, publisher)
    await subscriber.subscribe(FANOUT_CHANNEL)
    fanout.subscribedOnce = true
    return fanout
  }

  async announce(message: RelayMessage): Promise<void> {
    await this.publisher.publish(FANOUT_CHANNEL, announcement(this.relayId, JSON.stringify(message)))
  }

  onMessage(handler: (message: RelayMessage) => void): void {
    this.messageHandler = handler
  }

  onResync(handler: () => void): void {
    this.resyncHandler = handler
  }

  async close(): Promise<void> {
    await this.subscriber.quit().catch(() => {})
  }
}
