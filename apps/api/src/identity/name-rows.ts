import type { Database } from '@walletframe/db'
import { EVM_COIN_TYPE, type ProfileNameEntry } from '@walletframe/protocol'

interface NameRow {
  name: string
  address: string
  attributes: string
  registered_at: Date | string
}

/** A row of the names table as the profile routes answer it (spec §7; AppKit reads `addresses['60']`). */
const toEntry = (row: NameRow): ProfileNameEntry => ({
  name: row.name,
  addresses: { [EVM_COIN_TYPE]: { address: row.address } },
  attributes: JSON.parse(row.attributes) as Record<string, string>,
  registeredAt: new Date(row.registered_at).toISOString(),
})

/** Every name of `address` (lower-case), newest first. */
export async function namesOf(db: Database, address: string): Promise<ProfileNameEntry[]> {
  const rows = await db.query<NameRow>(
    'SELECT name, address, attributes, registered_at FROM names WHERE address = $1 ORDER BY registered_at DESC, name',
    [address],
  )
  return rows.map(toEntry)
}

/** Which of `names` (lower-case) are registered. */
export async function takenNames(db: Database, names: readonly string[]): Promise<Set<string>> {
  if (names.length === 0) return new Set()
  const rows = await db.query<{ name: string }>('SELECT name FROM names WHERE name = ANY($1)', [names])
  return new Set(rows.map((row) => row.name))
}

/** Inserts the name; undefined when it is taken already (one statement, so two registrations cannot both win). */
export async function insertName(
  db: Database,
  name: string,
  address: string,
  attributes: Record<string, string>,
): Promise<ProfileNameEntry | undefined> {
  const [row] = await db.query<NameRow>(
    `INSERT INTO names (name, address, attributes) VALUES ($1, $2, $3)
     ON CONFLICT (name) DO NOTHING
     RETURNING name, address, attributes, registered_at`,
    [name, address, JSON.stringify(attributes)],
  )
  return row && toEntry(row)
}
