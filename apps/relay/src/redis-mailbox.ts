/**
 * The mailbox in Redis, shared by every relay process of a deployment. Per topic (the `{topic}`
 * hash tag keeps a topic's keys on one Redis Cluster slot):
 *   wf:relay:{topic}:messages      hash  message id → message JSON
 *   wf:relay:{topic}:order         list  message ids in publish order
 *   wf:relay:{topic}:acks:<client> set   message ids that client acked
 * Keys expire with their longest-lived message; expired messages are skipped on read and pruned.
 * The fan-out announces a message only after it is stored and acknowledged (redis-fanout.ts).
 */
import { createHash } from 'node:crypto'
import type { Redis } from 'ioredis'
import { isDueFor, type Mailbox, type RelayMessage } from './mailbox.ts'
import { runScript } from './redis-connection.ts'

const script = (source: string) => ({ source, sha: createHash('sha1').update(source).digest('hex') })

// Extends a key's life to at least ARGV ttl (ms); PTTL is -1 for a key without expiry.
const EXTEND = `local function extend(key, ttl)
  if redis.call('PTTL', key) < ttl then redis.call('PEXPIRE', key, ttl) end
end
`

/**
 * KEYS: messages, order. ARGV: id, message JSON, ttl ms.
 * Atomic, so two relays storing the same retried publish record it once.
 */
const STORE = script(`${EXTEND}
if redis.call('HSETNX', KEYS[1], ARGV[1], ARGV[2]) == 0 then return 0 end
redis.call('RPUSH', KEYS[2], ARGV[1])
extend(KEYS[1], tonumber(ARGV[3]))
extend(KEYS[2], tonumber(ARGV[3]))
return 1`)

const ACK = script(`${EXTEND}
redis.call('SADD', KEYS[1], ARGV[1])
extend(KEYS[1], tonumber(ARGV[2]))
return 1`)

const PREFIX = 'wf:relay:'
const messagesKey = (topic: string) => `${PREFIX}{${topic}}:messages`
const orderKey = (topic: string) => `${PREFIX}{${topic}}:order`
const acksKey = (topic: string, clientId: string) => `${PREFIX}{${topic}}:acks:${clientId}`

export class RedisMailbox implements Mailbox {
  constructor(
    private readonly redis: Redis,
    private readonly now: () => number = Date.now,
  ) {}

  async store(message: RelayMessage): Promise<boolean> {
    const ttl = message.expiresAt - this.now()
    if (ttl <= 0) return false
    const stored = await runScript(
      this.redis,
      STORE,
      [messagesKey(message.topic), orderKey(message.topic)],
      [message.id, JSON.stringify(message), ttl],
    )
    return stored === 1
  }

  async unacked(topic: string, clientId: string): Promise<RelayMessage[]> {
    const [order, messages, acks] = (await this.redis
      .pipeline()
      .lrange(orderKey(topic), 0, -1)
      .hgetall(messagesKey(topic))
      .smembers(acksKey(topic, clientId))
      .exec()
      .then((results) =>
        (results ?? []).map(([error, value]) => {
          if (error) throw error
          return value
        }),
      )) as [string[], Record<string, string>, string[]]

    const now = this.now()
    const acked = new Set(acks)
    const expired: string[] = []
    const due: RelayMessage[] = []
    for (const id of order) {
      const json = messages[id]
      const message = json === undefined ? undefined : (JSON.parse(json) as RelayMessage)
      if (!message || message.expiresAt <= now) expired.push(id)
      else if (isDueFor(message, clientId, now) && !acked.has(id)) due.push(message)
    }
    if (expired.length > 0) void this.prune(topic, expired).catch(() => {})
    return due
  }

  async ack(clientId: string, message: RelayMessage): Promise<void> {
    const ttl = message.expiresAt - this.now()
    if (ttl <= 0) return
    await runScript(this.redis, ACK, [acksKey(message.topic, clientId)], [message.id, ttl])
  }

  /** Removes expired ids; another relay pruning the same ids at once is harmless. */
  private async prune(topic: string, ids: string[]): Promise<void> {
    const pipeline = this.redis.pipeline().hdel(messagesKey(topic), ...ids)
    for (const id of ids) pipeline.lrem(orderKey(topic), 1, id)
    await pipeline.exec()
  }

  /** The connection belongs to the relay, which quits it after the fan-out. */
  async close(): Promise<void> {}
}
