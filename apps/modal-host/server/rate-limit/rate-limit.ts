/**
 * The modal server's request limit per client IP (issue 10 §1): pages, assets and project
 * lookups, all but /healthz. A refusal is the shared `{ code, message }` (RATE_LIMITED) with 429
 * and `Retry-After`, answered by the app's error handler.
 */
import { RATE_LIMITS } from '@walletframe/protocol'
import {
  type BucketRule,
  clientIpReader,
  connectLimiterRedis,
  createLimiter,
  type RateLimiter,
  rateFromEnv,
  rateLimit,
  trustedProxyHopsFromEnv,
} from '@walletframe/rate-limit'
import { HTTPException } from 'hono/http-exception'
import type { Redis } from 'ioredis'

export interface ModalRateLimits {
  perIp: BucketRule
  /** Reverse proxies in front (WF_TRUSTED_PROXY_HOPS): whose X-Forwarded-For entry is the client. */
  trustedProxyHops: number
  /** Buckets in Redis, shared by every modal-server process; else in this process. */
  redisUrl?: string | undefined
}

/** WF_MODAL_RATE_LIMIT_PER_IP, WF_TRUSTED_PROXY_HOPS and REDIS_URL. */
export function resolveModalRateLimits(env: Record<string, string | undefined>): ModalRateLimits {
  return {
    perIp: rateFromEnv(env, RATE_LIMITS.modalPerIp),
    trustedProxyHops: trustedProxyHopsFromEnv(env),
    redisUrl: env.REDIS_URL || undefined,
  }
}

/** The limiter, with its Redis client to close at shutdown when there is one. */
export async function createModalLimiter(
  limits: ModalRateLimits,
): Promise<{ limiter: RateLimiter; redis: Redis | undefined }> {
  const redis = limits.redisUrl ? await connectLimiterRedis(limits.redisUrl) : undefined
  return { limiter: createLimiter(limits.perIp, { redis, name: 'modal-ip' }), redis }
}

export const limitModalPerIp = (limiter: RateLimiter, trustedProxyHops: number) => {
  const clientIp = clientIpReader(trustedProxyHops)
  return rateLimit({
    limiter,
    key: (c) => (c.req.path === '/healthz' ? undefined : clientIp(c)),
    refuse: () => {
      throw new HTTPException(429)
    },
  })
}
