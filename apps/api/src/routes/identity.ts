import {
  API_PATHS,
  IdentityParamsSchema,
  IdentityQuerySchema,
  type IdentityResponse,
} from '@walletframe/protocol'
import { Hono } from 'hono'
import type { ApiContext, ApiEnv } from '../context.ts'
import { validParams, validQuery } from '../middleware/validate.ts'

/**
 * `GET /v1/identity/{address}` (spec §7): the address's name and avatar from the names table, which
 * name registration fills. An address without a name is not an error: it answers
 * `{ name: null, avatar: null }` with 200, as most accounts have no name and the modal asks for
 * every one. Answers are cached 5 minutes (spec §9).
 */
export function identityRoute(context: ApiContext) {
  const cache = context.caches.identity
  return new Hono<ApiEnv>().get(
    API_PATHS.identity,
    validParams(IdentityParamsSchema),
    validQuery(IdentityQuerySchema),
    async (c) => {
      const { address } = c.req.valid('param')
      const json = await cache.getOrLoad(address, async () => {
        const [row] = await context.db.query<{ name: string; avatar: string | null }>(
          'SELECT name, avatar FROM names WHERE address = $1 ORDER BY registered_at DESC, name LIMIT 1',
          [address],
        )
        const body: IdentityResponse = { name: row?.name ?? null, avatar: row?.avatar ?? null }
        return JSON.stringify(body)
      })
      return c.body(json, 200, { 'Content-Type': 'application/json' })
    },
  )
}
