/**
 * Token buckets, one per key (an IP, a project, an email): each starts full and refills
 * continuously. The answer is the whole seconds to wait for a token, 0 when one was taken.
 */

export interface BucketRule {
  /** Requests allowed at once (the burst). */
  capacity: number
  /** Tokens added per minute, continuously. */
  refillPerMinute: number
}

export interface RateLimiter {
  readonly rule: BucketRule
  /** Takes a token for `key`: 0, or the seconds (≥ 1) until one is there. */
  take(key: string): Promise<number>
}

/** A rate of `perMinute` requests with a burst of the same size. */
export const perMinute = (rate: number): BucketRule => ({ capacity: rate, refillPerMinute: rate })

// Past this many keys, full buckets (idle callers) are dropped so memory stays bounded.
const SWEEP_ABOVE = 50_000

interface Bucket {
  tokens: number
  at: number
}

/** The bucket arithmetic, shared by the memory store and (in Lua) the Redis one. */
export function refill(rule: BucketRule, bucket: Bucket | undefined, at: number): Bucket {
  if (!bucket) return { tokens: rule.capacity, at }
  const elapsed = Math.max(0, at - bucket.at)
  return { tokens: Math.min(rule.capacity, bucket.tokens + (elapsed * rule.refillPerMinute) / 60_000), at }
}

export function waitSeconds(rule: BucketRule, tokens: number): number {
  if (rule.refillPerMinute <= 0) return 60
  return Math.max(1, Math.ceil(((1 - tokens) * 60) / rule.refillPerMinute))
}

/** Buckets in this process: several processes each allow the full rate. */
export class MemoryBuckets implements RateLimiter {
  readonly #buckets = new Map<string, Bucket>()

  constructor(
    readonly rule: BucketRule,
    readonly now: () => number = Date.now,
  ) {}

  take(key: string): Promise<number> {
    return Promise.resolve(this.takeNow(key))
  }

  /** `take` without the promise, for the fallback path of the Redis store. */
  takeNow(key: string): number {
    const at = this.now()
    const bucket = refill(this.rule, this.#buckets.get(key), at)
    this.#buckets.set(key, bucket)
    if (bucket.tokens < 1) return waitSeconds(this.rule, bucket.tokens)
    bucket.tokens -= 1
    if (this.#buckets.size > SWEEP_ABOVE) this.#sweep(at)
    return 0
  }

  #sweep(at: number) {
    for (const [key, bucket] of this.#buckets) {
      if (refill(this.rule, bucket, at).tokens >= this.rule.capacity) this.#buckets.delete(key)
    }
  }
}
