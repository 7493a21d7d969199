import {
  API_PATHS,
  EVM_COIN_TYPE,
  ProfileAccountParamsSchema,
  ProfileAccountQuerySchema,
  type ProfileAccountResponse,
} from '@walletframe/protocol'
import { Hono } from 'hono'
import type { ApiContext, ApiEnv } from '../context.ts'
import { ApiError } from '../errors.ts'
import { validParams, validQuery } from '../middleware/validate.ts'

/**
 * `GET /v1/profile/account/{name}` (spec §7): the address a name of the names table belongs to, so
 * that a send can go to a name (spec §3 send state: receiver profile name). Unknown: 404.
 */
export function profileAccountRoute(context: ApiContext) {
  return new Hono<ApiEnv>().get(
    API_PATHS.profileAccount,
    validParams(ProfileAccountParamsSchema),
    validQuery(ProfileAccountQuerySchema),
    async (c) => {
      const { name } = c.req.valid('param')
      const [row] = await context.db.query<{ name: string; address: string; avatar: string | null }>(
        'SELECT name, address, avatar FROM names WHERE lower(name) = $1',
        [name],
      )
      if (!row) throw new ApiError('notFound')
      const body: ProfileAccountResponse = {
        name: row.name,
        addresses: { [EVM_COIN_TYPE]: { address: row.address } },
        avatar: row.avatar,
      }
      return c.json(body)
    },
  )
}
