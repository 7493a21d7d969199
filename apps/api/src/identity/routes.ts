import { API_PATHS, IdentityParamsSchema, IdentityQuerySchema } from '@walletframe/protocol'
import { Hono } from 'hono'
import type { ApiContext, ApiEnv } from '../context.ts'
import { validParams, validQuery } from '../middleware/validate.ts'
import { readIdentity } from './names.ts'

/**
 * `GET /v1/identity/{address}` (spec §7): the address's name and avatar from the names table, which
 * name registration fills. An unnamed address is a 200 with nulls, not an error. Answers are cached
 * 5 minutes (spec §9), serialised.
 */
export function identityRoute(context: ApiContext) {
  const cache = context.caches.identity
  return new Hono<ApiEnv>().get(
    API_PATHS.identity,
    validParams(IdentityParamsSchema),
    validQuery(IdentityQuerySchema),
    async (c) => {
      const { address } = c.req.valid('param')
      const json = await cache.getOrLoad(address, async () =>
        JSON.stringify(await readIdentity(context.db, address)),
      )
      return c.body(json, 200, { 'Content-Type': 'application/json' })
    },
  )
}
