import type { RateLimitSpec } from '@walletframe/protocol'
import type { Redis } from 'ioredis'
import { type BucketRule, MemoryBuckets, perMinute, type RateLimiter } from './buckets.ts'
import { RedisBuckets } from './redis-buckets.ts'

export interface LimiterOptions {
  /** Shared buckets in Redis (a `connectLimiterRedis` client); without it, buckets in this process. */
  redis?: Redis | undefined
  /** Unique per limiter of a service (`api-ip`, `api-project`, …): its keys in Redis. */
  name: string
  now?: () => number
  log?: (message: string) => void
}

export function createLimiter(rule: BucketRule, options: LimiterOptions): RateLimiter {
  const now = options.now ?? Date.now
  if (!options.redis) return new MemoryBuckets(rule, now)
  return new RedisBuckets(rule, {
    redis: options.redis,
    name: options.name,
    now,
    ...(options.log ? { log: options.log } : {}),
  })
}

/**
 * A rate of requests per minute from the environment variable `spec.env`, or `spec.perMinute`
 * when it is unset; anything but a positive integer stops the start. A spec with its own burst
 * keeps the burst's ratio to the rate (the key server's 30 a minute with 60 at once: set to 10, 20).
 */
export function rateFromEnv(env: Record<string, string | undefined>, spec: RateLimitSpec): BucketRule {
  const rate = positiveIntFromEnv(env, spec.env, spec.perMinute)
  if (spec.burst === undefined) return perMinute(rate)
  return { capacity: Math.max(1, Math.round((rate * spec.burst) / spec.perMinute)), refillPerMinute: rate }
}

export function positiveIntFromEnv(
  env: Record<string, string | undefined>,
  name: string,
  fallback: number,
): number {
  const raw = env[name]
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isSafeInteger(value) || value < 1)
    throw new Error(`${name} must be a positive integer, got "${raw}"`)
  return value
}
