/**
 * The data API's request limits (issue 10 §1): per client IP before any other work, per project
 * once the project is known, `POST /e` per IP, and `forceUpdate` per address and per IP. Refusals are the
 * API's `{ code, message }` with 429 and `Retry-After`; limits come from ApiConfig.rateLimits.
 */
import {
  type BucketRule,
  clientIpReader,
  createLimiter,
  type RateLimiter,
  rateLimit,
} from '@walletframe/rate-limit'
import type { Context } from 'hono'
import type { Redis } from 'ioredis'
import type { ApiRateLimits } from '../../config.ts'
import type { ApiEnv, ApiLimits } from '../../context.ts'
import { ApiError } from '../../errors.ts'

export function createApiLimits(
  limits: ApiRateLimits,
  options: { redis?: Redis | undefined; now?: () => number } = {},
): ApiLimits {
  const make = (rule: BucketRule, name: string) => createLimiter(rule, { ...options, name: `api-${name}` })
  return {
    perIp: make(limits.perIp, 'ip'),
    perProject: make(limits.perProject, 'project'),
    eventsPerIp: make(limits.eventsPerIp, 'events-ip'),
    forceUpdate: make({ capacity: 1, refillPerMinute: 60 / limits.forceUpdateSeconds }, 'force-update'),
    forceUpdatePerIp: make(limits.forceUpdatePerIp, 'force-update-ip'),
    clientIp: clientIpReader(limits.trustedProxyHops),
  }
}

export const refuseRateLimited = (retryAfterSeconds: number): never => {
  throw new ApiError('rateLimited', undefined, { retryAfterSeconds })
}

const refuse = (_c: Context, wait: number) => refuseRateLimited(wait)

export const limitPerIp = (limiter: RateLimiter, clientIp: (c: Context) => string) =>
  rateLimit<ApiEnv>({ limiter, key: clientIp, refuse })

/** After requireProject, which sets the project. */
export const limitPerProject = (limiter: RateLimiter) =>
  rateLimit<ApiEnv>({ limiter, key: (c) => c.get('project').projectId, refuse })

/** Takes a token for `key` or throws 429 RATE_LIMITED (route-level limits: forceUpdate). */
export async function takeOrRefuse(limiter: RateLimiter, key: string): Promise<void> {
  const wait = await limiter.take(key)
  if (wait > 0) refuseRateLimited(wait)
}
