import { createMiddleware } from 'hono/factory'
import { KeyServerError } from '../errors.ts'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Only the key frame, served from this very origin, may change state: a request with any other
 * method must carry `Origin` equal to the key origin. Browsers always send it on such requests, so
 * a missing one means a non-browser caller, refused too. There is no CORS at all (no other origin
 * may read an answer), and this closes the form-post and cross-site-request cases the cookie's
 * `SameSite=None` leaves open.
 */
export const sameOriginOnly = (keyOrigin: string) =>
  createMiddleware(async (c, next) => {
    if (!SAFE_METHODS.has(c.req.method) && c.req.header('origin') !== keyOrigin) {
      throw new KeyServerError('crossOrigin')
    }
    await next()
  })
