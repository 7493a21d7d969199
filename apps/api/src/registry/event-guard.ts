import { REGISTRY_LIMITS } from '@walletframe/protocol'
import type { RateLimiter } from '@walletframe/rate-limit'
import type { Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { createMiddleware } from 'hono/factory'
import type { ApiEnv } from '../context.ts'
import { ApiError } from '../errors.ts'
import { limitPerIp } from '../middleware/rate-limit/rate-limit.ts'

/**
 * What `POST /e` takes before its body is read (issue 10 §1): only from the project's own modal
 * origins, only `application/json` (a `text/plain` post needs no CORS preflight, so any page
 * could send one), within the per-IP event budget, and at most REGISTRY_LIMITS.maxEventBytes
 * counted while streaming, so a body without Content-Length is bounded too.
 */
export const eventGuard = (eventsPerIp: RateLimiter, clientIp: (c: Context) => string) =>
  [
    createMiddleware<ApiEnv>(async (c, next) => {
      const origin = c.req.header('origin')
      if (!origin || !c.get('project').allowedOrigins.includes(origin)) throw new ApiError('originNotAllowed')
      const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase()
      if (type !== 'application/json') {
        throw new ApiError('unsupportedMediaType', 'The analytics event must be sent as application/json')
      }
      await next()
    }),
    limitPerIp(eventsPerIp, clientIp),
    bodyLimit({
      maxSize: REGISTRY_LIMITS.maxEventBytes,
      onError: () => {
        throw new ApiError(
          'payloadTooLarge',
          `The analytics event must be at most ${REGISTRY_LIMITS.maxEventBytes} bytes`,
        )
      },
    }),
  ] as const
