import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { BucketRule } from '../config.ts'
import { KeyServerError } from '../errors.ts'

// Past this many keys, full buckets (idle callers) are dropped so memory stays bounded.
const SWEEP_ABOVE = 50_000

/**
 * In-memory token buckets, one per key (an IP, an email): each starts full and refills
 * continuously. Per process: several key-server processes each allow the full rate.
 */
export class TokenBuckets {
  readonly #buckets = new Map<string, { tokens: number; at: number }>()
  readonly #perMs: number

  constructor(
    readonly rule: BucketRule,
    readonly now: () => number,
  ) {
    this.#perMs = rule.refillPerMinute / 60_000
  }

  /** Takes a token for `key`; the seconds to wait when there is none, else 0. */
  take(key: string): number {
    const at = this.now()
    const bucket = this.#buckets.get(key) ?? { tokens: this.rule.capacity, at }
    bucket.tokens = Math.min(this.rule.capacity, bucket.tokens + (at - bucket.at) * this.#perMs)
    bucket.at = at
    this.#buckets.set(key, bucket)
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1
      if (this.#buckets.size > SWEEP_ABOVE) this.#sweep(at)
      return 0
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / this.#perMs / 1000))
  }

  /** Takes a token or throws 429 RATE_LIMITED with the wait in Retry-After. */
  takeOrThrow(key: string): void {
    const waitSeconds = this.take(key)
    if (waitSeconds > 0) throw new KeyServerError('rateLimited', { retryAfterSeconds: waitSeconds })
  }

  #sweep(at: number) {
    for (const [key, bucket] of this.#buckets) {
      if (bucket.tokens + (at - bucket.at) * this.#perMs >= this.rule.capacity) this.#buckets.delete(key)
    }
  }
}

/** The caller's address as the Node server saw it (`app.request` tests pass it in the env). */
export function clientIp(c: Context): string {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined
  return env?.incoming?.socket?.remoteAddress ?? 'unknown'
}

/** Rate-limits a route group per client IP. */
export const limitPerIp = (buckets: TokenBuckets) =>
  createMiddleware(async (c, next) => {
    buckets.takeOrThrow(clientIp(c))
    await next()
  })
