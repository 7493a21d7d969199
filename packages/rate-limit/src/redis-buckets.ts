/**
 * Token buckets in Redis, so every process of a service spends one budget (issue 10 §1). One
 * script call per request, atomic in Redis: read the bucket, refill it, take a token, write it back
 * with an expiry at the moment it would be full again, so idle keys vanish by themselves.
 */
import { Redis } from 'ioredis'
import { type BucketRule, MemoryBuckets, type RateLimiter } from './buckets.ts'

// Same arithmetic as buckets.ts `refill`/`waitSeconds`, in milliseconds. `a` never moves back, so
// a process whose clock runs behind cannot make a bucket refill twice.
const TAKE_TOKEN_LUA = `
local capacity = tonumber(ARGV[1])
local perMs = tonumber(ARGV[2]) / 60000
local now = tonumber(ARGV[3])
local state = redis.call('HMGET', KEYS[1], 't', 'a')
local tokens = tonumber(state[1]) or capacity
local at = tonumber(state[2]) or now
tokens = math.min(capacity, tokens + math.max(0, now - at) * perMs)
local wait = 0
if tokens >= 1 then
  tokens = tokens - 1
elseif perMs <= 0 then
  wait = 60
else
  wait = math.max(1, math.ceil((1 - tokens) / perMs / 1000))
end
redis.call('HSET', KEYS[1], 't', tostring(tokens), 'a', tostring(math.max(at, now)))
local ttl = 60000
if perMs > 0 then ttl = math.ceil((capacity - tokens) / perMs) + 1000 end
redis.call('PEXPIRE', KEYS[1], ttl)
return wait
`

type ScriptedRedis = Redis & {
  wfTakeToken(key: string, capacity: number, refillPerMinute: number, now: number): Promise<number>
}

/**
 * A client for the limiters, connected (an unreachable Redis stops the start, as the relay's does).
 * Afterwards commands fail at once while Redis is away (no offline queue), so a request is never
 * held waiting for Redis; the limiter then counts in memory.
 */
export async function connectLimiterRedis(url: string): Promise<Redis> {
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: 1_000,
  })
  redis.defineCommand('wfTakeToken', { numberOfKeys: 1, lua: TAKE_TOKEN_LUA })
  let cause: Error | undefined
  redis.on('error', (error: Error) => {
    cause = error
  })
  try {
    await redis.connect()
  } catch (error) {
    redis.disconnect()
    throw new Error(`Redis at ${url} is not reachable: ${(cause ?? (error as Error)).message}`)
  }
  return redis
}

export interface RedisBucketsOptions {
  /** A client from `connectLimiterRedis`. */
  redis: Redis
  /** Names this limiter's keys (`wf:rl:<name>:<key>`); limiters of one service differ by it. */
  name: string
  now?: () => number
  log?: (message: string) => void
}

export class RedisBuckets implements RateLimiter {
  readonly #redis: ScriptedRedis
  readonly #prefix: string
  readonly #now: () => number
  readonly #log: (message: string) => void
  // While Redis fails, this process still limits on its own rather than letting everything through.
  readonly #fallback: MemoryBuckets
  #failing = false

  constructor(
    readonly rule: BucketRule,
    options: RedisBucketsOptions,
  ) {
    this.#redis = options.redis as ScriptedRedis
    this.#prefix = `wf:rl:${options.name}:`
    this.#now = options.now ?? Date.now
    this.#log = options.log ?? ((message) => console.error(`[rate-limit] ${message}`))
    this.#fallback = new MemoryBuckets(rule, this.#now)
  }

  async take(key: string): Promise<number> {
    try {
      const wait = await this.#redis.wfTakeToken(
        this.#prefix + key,
        this.rule.capacity,
        this.rule.refillPerMinute,
        this.#now(),
      )
      if (this.#failing) this.#log(`${this.#prefix}* back on Redis`)
      this.#failing = false
      return Number(wait)
    } catch (error) {
      if (!this.#failing) this.#log(`${this.#prefix}* counts in memory: ${(error as Error).message}`)
      this.#failing = true
      return this.#fallback.takeNow(key)
    }
  }
}
