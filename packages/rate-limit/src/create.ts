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
 * when it is unset; anything but a positive integer stops the start.
 */
export function rateFromEnv(
  env: Record<string, string | undefined>,
  spec: { env: string; perMinute: number },
): BucketRule {
  return perMinute(positiveIntFromEnv(env, spec.env, spec.perMinute))
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
