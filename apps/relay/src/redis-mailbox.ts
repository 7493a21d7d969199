/**
 * The mailbox in Redis, shared by every relay process of a deployment. Per topic (the `{topic}`
 * hash tag keeps a topic's keys on one Redis Cluster slot):
 *   wf:relay:{topic}:messages      hash  message id → message JSON
 *   wf:relay:{topic}:order         list  message ids in publish order
 *   wf:relay:{topic}:acks:<client> set   message ids that client acked
 *   wf:relay:{topic}:bytes         int   length of the message JSON held, against maxTopicBytes
 * and per publishing client `wf:relay:client:{<client id>}:bytes`, the JSON length it stored,
 * living as long as its longest-lived message (a conservative count: it drops only then).
 * The deployment's total against maxStoredBytes (issue 10 §1), as in the memory mailbox:
 *   wf:relay:stored:age / :expiry  sorted sets of `<size> <id> <topic>`, by publish order / expiry
 *   wf:relay:stored:bytes / :evicted / :seq   the JSON length held, messages evicted, a counter
 * A store first forgets what has expired, then evicts the oldest messages until the new one fits.
 * Keys expire with their longest-lived message; expired messages are skipped on read and pruned.
 * The fan-out announces a message only after it is stored and acknowledged (redis-fanout.ts).
 */
import { createHash } from 'node:crypto'
import type { Redis } from 'ioredis'
import { limitExceeded } from './errors.ts'
import { isDueFor, type Mailbox, type MailboxStats, type RelayMessage } from './mailbox.ts'
import type { StorageLimits } from './memory-mailbox.ts'
import { runScript } from './redis-connection.ts'

const script = (source: string) => ({ source, sha: createHash('sha1').update(source).digest('hex') })

// Extends a key's life to at least ARGV ttl (ms); PTTL is -1 for a key without expiry.
const EXTEND = `local function extend(key, ttl)
  if redis.call('PTTL', key) < ttl then redis.call('PEXPIRE', key, ttl) end
end
`

const PREFIX = 'wf:relay:'
const TOTAL_KEYS = ['age', 'expiry', 'bytes', 'evicted', 'seq'].map((name) => `${PREFIX}stored:${name}`)

// Drops a message of the total (its member `<size> <id> <topic>`: a topic may hold spaces) and, if still held, from its
// topic. The topic's keys are named from the member, not passed in: eviction reaches any topic.
const FORGET = `local function forget(member, evicted)
  local size, id, topic = string.match(member, '^(%d+) (%x+) (.*)$')
  redis.call('ZREM', '${TOTAL_KEYS[0]}', member)
  redis.call('ZREM', '${TOTAL_KEYS[1]}', member)
  redis.call('DECRBY', '${TOTAL_KEYS[2]}', size)
  local base = '${PREFIX}{' .. topic .. '}:'
  if redis.call('HDEL', base .. 'messages', id) == 1 then
    redis.call('DECRBY', base .. 'bytes', size)
    redis.call('LREM', base .. 'order', 1, id)
    if evicted then redis.call('INCR', '${TOTAL_KEYS[3]}') end
  end
end
`

/**
 * KEYS: messages, order, bytes, client bytes, then TOTAL_KEYS. ARGV: id, message JSON, ttl ms,
 * max topic bytes, max client bytes, max stored bytes, topic, now. Returns 1 stored, 0 already
 * stored, -1 topic full, -2 client over its bytes. Atomic, so two relays storing the same retried
 * publish record it once. (The client and total keys live on other Cluster slots than the
 * topic's: one script per publish is worth more here.)
 */
const STORE = script(`${EXTEND}${FORGET}
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 1 then return 0 end
local size = string.len(ARGV[2])
local ttl = tonumber(ARGV[3])
if tonumber(redis.call('GET', KEYS[3]) or '0') + size > tonumber(ARGV[4]) then return -1 end
if tonumber(redis.call('GET', KEYS[4]) or '0') + size > tonumber(ARGV[5]) then return -2 end
for _, member in ipairs(redis.call('ZRANGEBYSCORE', KEYS[6], '-inf', ARGV[8], 'LIMIT', 0, 100)) do
  forget(member, false)
end
while tonumber(redis.call('GET', KEYS[7]) or '0') + size > tonumber(ARGV[6]) do
  local oldest = redis.call('ZRANGE', KEYS[5], 0, 0)[1]
  if not oldest then break end
  forget(oldest, true)
end
local member = size .. ' ' .. ARGV[1] .. ' ' .. ARGV[7]
redis.call('ZADD', KEYS[5], redis.call('INCR', KEYS[9]), member)
redis.call('ZADD', KEYS[6], tonumber(ARGV[8]) + ttl, member)
redis.call('INCRBY', KEYS[7], size)
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('RPUSH', KEYS[2], ARGV[1])
redis.call('INCRBY', KEYS[3], size)
redis.call('INCRBY', KEYS[4], size)
for i = 1, 4 do extend(KEYS[i], ttl) end
return 1`)

/** KEYS: order. ARGV: topic, ids of expired messages. */
const PRUNE = script(`${FORGET}
local base = '${PREFIX}{' .. ARGV[1] .. '}:'
for i = 2, #ARGV do
  local size = redis.call('HSTRLEN', base .. 'messages', ARGV[i])
  if size > 0 then forget(size .. ' ' .. ARGV[i] .. ' ' .. ARGV[1], false) end
  redis.call('LREM', KEYS[1], 1, ARGV[i])
end
return 1`)

const ACK = script(`${EXTEND}
redis.call('SADD', KEYS[1], ARGV[1])
extend(KEYS[1], tonumber(ARGV[2]))
return 1`)

const messagesKey = (topic: string) => `${PREFIX}{${topic}}:messages`
const orderKey = (topic: string) => `${PREFIX}{${topic}}:order`
const acksKey = (topic: string, clientId: string) => `${PREFIX}{${topic}}:acks:${clientId}`
const bytesKey = (topic: string) => `${PREFIX}{${topic}}:bytes`
const clientKey = (clientId: string) => `${PREFIX}client:{${clientId}}:bytes`
const topicKeys = (topic: string) => [messagesKey(topic), orderKey(topic), bytesKey(topic)]
const storeKeys = (message: RelayMessage) => [
  ...topicKeys(message.topic),
  clientKey(message.publisher),
  ...TOTAL_KEYS,
]

export class RedisMailbox implements Mailbox {
  private readonly limits: StorageLimits

  constructor(
    private readonly redis: Redis,
    options: { now?: () => number; limits?: Partial<StorageLimits> } = {},
  ) {
    this.now = options.now ?? Date.now
    this.limits = {
      maxTopicBytes: options.limits?.maxTopicBytes ?? Number.MAX_SAFE_INTEGER,
      maxClientBytes: options.limits?.maxClientBytes ?? Number.MAX_SAFE_INTEGER,
      maxStoredBytes: options.limits?.maxStoredBytes ?? Number.MAX_SAFE_INTEGER,
    }
  }

  private readonly now: () => number

  async store(message: RelayMessage): Promise<boolean> {
    const now = this.now()
    const ttl = message.expiresAt - now
    if (ttl <= 0) return false
    const json = JSON.stringify(message)
    const { maxTopicBytes, maxClientBytes, maxStoredBytes } = this.limits
    const args = [message.id, json, ttl, maxTopicBytes, maxClientBytes, maxStoredBytes, message.topic, now]
    let stored = await runScript(this.redis, STORE, storeKeys(message), args)
    if (stored === -1) {
      // Full: free what has expired on the topic, then try once more.
      await this.unacked(message.topic, message.publisher, true)
      stored = await runScript(this.redis, STORE, storeKeys(message), args)
    }
    if (stored === -1) {
      throw limitExceeded(`Limit exceeded: a topic holds at most ${maxTopicBytes} bytes of messages`)
    }
    if (stored === -2) {
      throw limitExceeded(
        `Limit exceeded: a client may have at most ${maxClientBytes} bytes of messages stored`,
      )
    }
    return stored === 1
  }

  /** `awaitPrune`: wait until the expired messages are removed (the store's slow path). */
  async unacked(topic: string, clientId: string, awaitPrune = false): Promise<RelayMessage[]> {
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
    if (expired.length > 0) {
      const pruned = this.prune(topic, expired).catch(() => {})
      if (awaitPrune) await pruned
    }
    return due
  }

  async ack(clientId: string, message: RelayMessage): Promise<void> {
    const ttl = message.expiresAt - this.now()
    if (ttl <= 0) return
    await runScript(this.redis, ACK, [acksKey(message.topic, clientId)], [message.id, ttl])
  }

  /** Removes expired ids; another relay pruning the same ids at once is harmless. */
  private async prune(topic: string, ids: string[]): Promise<void> {
    await runScript(this.redis, PRUNE, [orderKey(topic)], [topic, ...ids])
  }

  /** The deployment's totals (every relay process on this Redis), for /metrics. */
  async stats(): Promise<MailboxStats> {
    const [messages, bytes, evicted] = await Promise.all([
      this.redis.zcard(TOTAL_KEYS[0]!),
      this.redis.get(TOTAL_KEYS[2]!),
      this.redis.get(TOTAL_KEYS[3]!),
    ])
    return {
      storedBytes: Number(bytes ?? 0),
      storedMessages: messages,
      evictedMessages: Number(evicted ?? 0),
    }
  }

  /** The connection belongs to the relay, which quits it after the fan-out. */
  async close(): Promise<void> {}
}
