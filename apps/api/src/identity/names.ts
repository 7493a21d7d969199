import type { Database } from '@walletframe/db'
import type { IdentityResponse } from '@walletframe/protocol'
import type { Hex } from '../config.ts'

/**
 * The newest name registered for `address` (lower-case) and its avatar. An address without a name
 * answers `{ name: null, avatar: null }`: most accounts have none, and the modal asks for every one.
 */
export async function readIdentity(db: Database, address: Hex): Promise<IdentityResponse> {
  const [row] = await db.query<{ name: string; avatar: string | null }>(
    'SELECT name, avatar FROM names WHERE address = $1 ORDER BY registered_at DESC, name LIMIT 1',
    [address],
  )
  return { name: row?.name ?? null, avatar: row?.avatar ?? null }
}
