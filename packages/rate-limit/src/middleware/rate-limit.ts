import type { Context, Env, MiddlewareHandler } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { RateLimiter } from '../buckets.ts'
import { clientAddress } from '../client-address.ts'

/**
 * Reads the caller's address: the Node server's peer (`app.request` tests pass it in the env), or,
 * behind `trustedHops` proxies, the address the farthest trusted one saw (client-address.ts).
 */
export function clientIpReader(trustedHops: number): (c: Context) => string {
  return (c) => {
    const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined
    return clientAddress(env?.incoming?.socket?.remoteAddress, c.req.header('x-forwarded-for'), trustedHops)
  }
}

export interface RateLimitOptions<E extends Env> {
  limiter: RateLimiter
  /** The bucket a request spends from; undefined lets it through uncounted. */
  key: (c: Context<E>) => string | undefined
  /**
   * Answers a refused request in the service's own error shape: throw its typed 429 error, which
   * its error handler turns into JSON. `Retry-After` is already set on the context.
   */
  refuse: (c: Context<E>, retryAfterSeconds: number) => never
}

/**
 * Takes a token per request, or answers 429 with `Retry-After` before any route work: the status
 * and header clients already retry on (spec §8 Retry).
 */
export function rateLimit<E extends Env>(options: RateLimitOptions<E>): MiddlewareHandler<E> {
  return createMiddleware<E>(async (c, next) => {
    const key = options.key(c)
    if (key !== undefined) {
      const wait = await options.limiter.take(key)
      if (wait > 0) {
        c.header('Retry-After', String(wait))
        options.refuse(c, wait)
      }
    }
    await next()
  })
}
