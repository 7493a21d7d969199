/**
 * Fan-out over Redis pub/sub. The Redis mailbox announces every new message on one channel for the
 * whole deployment; each relay hears all of them and keeps those for topics its sockets subscribe
 * to. Simple and fine for a handful of relay processes; per-topic channels would scale further at
 * the cost of a SUBSCRIBE per topic.
 */
import type { Redis } from 'ioredis'
import { type Fanout, parseAnnouncement } from './fanout.ts'
import type { RelayMessage } from './mailbox.ts'

export const FANOUT_CHANNEL = 'wf:relay:fanout'

export class RedisFanout implements Fanout {
  private messageHandler: (message: RelayMessage) => void = () => {}
  private resyncHandler: () => void = () => {}
  private subscribedOnce = false

  private constructor(
    private readonly relayId: string,
    private readonly subscriber: Redis,
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

  /** `subscriber` must be a connection of its own: Redis reserves a subscribed connection. */
  static async create(relayId: string, subscriber: Redis): Promise<RedisFanout> {
    const fanout = new RedisFanout(relayId, subscriber)
    await subscriber.subscribe(FANOUT_CHANNEL)
    fanout.subscribedOnce = true
    return fanout
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
