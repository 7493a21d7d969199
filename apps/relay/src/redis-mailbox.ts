/**
 * The mailbox in Redis, shared by every relay process of a deployment. Every key carries the one
 * hash tag `{wf-relay}` (MAILBOX_PREFIX), so on a Redis Cluster they all live on one slot: a
 * store is one script over its topic's keys, its publisher's and the deployment's totals, and an
 * eviction reaches any topic, which only keys of one slot allow (no CROSSSLOT). The price is that
 * the mailbox sits on one Cluster node; it is bounded by maxStoredBytes. Per topic:
 *   wf:relay:{wf-relay}:topic:<topic>:messages      hash  message id → message JSON
 *   wf:relay:{wf-relay}:topic:<topic>:order         list  message ids in publish order
 *   wf:relay:{wf-relay}:topic:<topic>:held          set   ids stored but not yet released
 *   wf:relay:{wf-relay}:topic:<topic>:acks:<client> set   message ids that client acked
 *   wf:relay:{wf-relay}:topic:<topic>:bytes         int   length of the message JSON held, against maxTopicBytes
 * and per publishing client `wf:relay:{wf-relay}:client:<client id>:bytes`, the JSON length it
 * stored, living as long as its longest-lived message (a conservative count: it drops only then).
 * The deployment's total against maxStoredBytes (issue 10 §1), as in the memory mailbox:
 *   wf:relay:{wf-relay}:stored:age / :expiry  sorted sets of `<size> <id> <topic>`, by publish order / expiry
 *   wf:relay:{wf-relay}:stored:bytes / :evicted / :seq   the JSON length held, messages evicted, a counter
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

/** The hash tag every mailbox key shares (one Redis Cluster slot). */
export const MAILBOX_PREFIX = 'wf:relay:{wf-relay}:'
const PREFIX = MAILBOX_PREFIX
const TOTAL_KEYS = ['age', 'expiry', 'bytes', 'evicted', 'seq'].map((name) => `${PREFIX}stored:${name}`)

// Drops a message of the total (its member `<size> <id> <topic>`: a topic may hold spaces) and, if still held, from its
// topic. The topic's keys are named from the member, not passed in: eviction reaches any topic.
const FORGET = `local function forget(member, evicted)
  local size, id, topic = string.match(member, '^(%d+) (%x+) (.*)$')
  redis.call('ZREM', '${TOTAL_KEYS[0]}', member)
  redis.call('ZREM', '${TOTAL_KEYS[1]}', member)
  redis.call('DECRBY', '${TOTAL_KEYS[2]}', size)
  local base = '${PREFIX}topic:' .. topic .. ':'
  if redis.call('HDEL', base .. 'messages', id) == 1 then
    redis.call('DECRBY', base .. 'bytes', size)
    redis.call('LREM', base .. 'order', 1, id)
    redis.call('SREM', base .. 'held', id)
    if evicted then redis.call('INCR', '${TOTAL_KEYS[3]}') end
  end
end
`

/**
 * KEYS: messages, order, bytes, held, client bytes, then TOTAL_KEYS. ARGV: id, message JSON, ttl
 * ms, max topic bytes, max client bytes, max stored bytes, topic, now. Returns 1 stored (and held),
 * 0 already stored, -1 topic full, -2 client over its bytes. Atomic, so two relays storing the
 * same retried publish record it once.
 */
const STORE = script(`${EXTEND}${FORGET}
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 1 then return 0 end
local size = string.len(ARGV[2])
local ttl = tonumber(ARGV[3])
if tonumber(redis.call('GET', KEYS[3]) or '0') + size > tonumber(ARGV[4]) then return -1 end
if tonumber(redis.call('GET', KEYS[5]) or '0') + size > tonumber(ARGV[5]) then return -2 end
for _, member in ipairs(redis.call('ZRANGEBYSCORE', KEYS[7], '-inf', ARGV[8], 'LIMIT', 0, 100)) do
  forget(member, false)
end
while tonumber(redis.call('GET', KEYS[8]) or '0') + size > tonumber(ARGV[6]) do
  local oldest = redis.call('ZRANGE', KEYS[6], 0, 0)[1]
  if not oldest then break end
  forget(oldest, true)
end
local member = size .. ' ' .. ARGV[1] .. ' ' .. ARGV[7]
redis.call('ZADD', KEYS[6], redis.call('INCR', KEYS[10]), member)
redis.call('ZADD', KEYS[7], tonumber(ARGV[8]) + ttl, member)
redis.call('INCRBY', KEYS[8], size)
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('RPUSH', KEYS[2], ARGV[1])
redis.call('INCRBY', KEYS[3], size)
redis.call('SADD', KEYS[4], ARGV[1])
redis.call('INCRBY', KEYS[5], size)
for i = 1, 5 do extend(KEYS[i], ttl) end
return 1`)

/** KEYS: order. ARGV: topic, ids of expired messages. */
const PRUNE = script(`${FORGET}
local base = '${PREFIX}topic:' .. ARGV[1] .. ':'
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

/** The mailbox's key names, exported for the test of their shapes (one slot). */
export const mailboxKeys = {
  messages: (topic: string) => `${PREFIX}topic:${topic}:messages`,
  order: (topic: string) => `${PREFIX}topic:${topic}:order`,
  held: (topic: string) => `${PREFIX}topic:${topic}:held`,
  acks: (topic: string, clientId: string) => `${PREFIX}topic:${topic}:acks:${clientId}`,
  bytes: (topic: string) => `${PREFIX}topic:${topic}:bytes`,
  client: (clientId: string) => `${PREFIX}client:${clientId}:bytes`,
  totals: TOTAL_KEYS,
  /** The keys of one store script, in its KEYS order. */
  store: (message: RelayMessage) => [
    mailboxKeys.messages(message.topic),
    mailboxKeys.order(message.topic),
    mailboxKeys.bytes(message.topic),
    mailboxKeys.held(message.topic),
    mailboxKeys.client(message.publisher),
    ...TOTAL_KEYS,
  ],
}
const { messages: messagesKey, order: orderKey, held: heldKey, acks: acksKey } = mailboxKeys

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
    let stored = await runScript(this.redis, STORE, mailboxKeys.store(message), args)
    if (stored === -1) {
      // Full: free what has expired on the topic, then try once more.
      await this.unacked(message.topic, message.publisher, true)
      stored = await runScript(this.redis, STORE, mailboxKeys.store(message), args)
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

  async release(messages: RelayMessage[]): Promise<void> {
    const byTopic = new Map<string, string[]>()
    for (const { topic, id } of messages) byTopic.set(topic, [...(byTopic.get(topic) ?? []), id])
    await Promise.all([...byTopic].map(([topic, ids]) => this.redis.srem(heldKey(topic), ...ids)))
  }

  /** `awaitPrune`: wait until the expired messages are removed (the store's slow path). */
  async unacked(topic: string, clientId: string, awaitPrune = false): Promise<RelayMessage[]> {
    const [order, messages, acks, held] = (await this.redis
      .multi()
      .lrange(orderKey(topic), 0, -1)
      .hgetall(messagesKey(topic))
      .smembers(acksKey(topic, clientId))
      .smembers(heldKey(topic))
      .exec()
      .then((results) =>
        (results ?? []).map(([error, value]) => {
          if (error) throw error
          return value
        }),
      )) as [string[], Record<string, string>, string[], string[]]

    const now = this.now()
    const acked = new Set(acks)
    const unreleased = new Set(held)
    const expired: string[] = []
    const due: RelayMessage[] = []
    for (const id of order) {
      const json = messages[id]
      const message = json === undefined ? undefined : (JSON.parse(json) as RelayMessage)
      if (!message || message.expiresAt <= now) expired.push(id)
      else if (isDueFor(message, clientId, now, unreleased.has(id)) && !acked.has(id)) due.push(message)
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
