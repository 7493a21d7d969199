import { type RateLimiter, rateLimit } from '@walletframe/rate-limit'
import type { KeyServerContext } from '../context.ts'
import { KeyServerError } from '../errors.ts'

const refuse = (retryAfterSeconds: number): never => {
  throw new KeyServerError('rateLimited', { retryAfterSeconds })
}

/** Takes a token for `key` (an email) or throws 429 RATE_LIMITED with the wait in Retry-After. */
export async function takeOrThrow(limiter: RateLimiter, key: string): Promise<void> {
  const wait = await limiter.take(key)
  if (wait > 0) refuse(wait)
}

/** Rate-limits a route group per client IP (buckets shared through Redis when configured). */
export const limitPerIp = ({ perIp, clientIp }: KeyServerContext['limits']) =>
  rateLimit({ limiter: perIp, key: clientIp, refuse: (_c, wait) => refuse(wait) })
