/** The data API's migrations (./migrations), recorded in `schema_migrations`. */
import {
  type Database,
  loadMigrations as loadFrom,
  type Migration,
  type MigrationPlan,
  migrate as migrateWith,
} from '@walletframe/db'

const MIGRATIONS_DIR = new URL('./migrations/', import.meta.url)
const PLAN: MigrationPlan = {
  table: 'schema_migrations',
  // Any fixed number: it only has to be the same for every API process sharing the database.
  lockKey: 0x5746_4150, // "WFAP"
}

export const loadMigrations = (dir: URL = MIGRATIONS_DIR): Promise<Migration[]> => loadFrom(dir)

export async function migrate(db: Database, migrations?: Migration[]): Promise<number[]> {
  return migrateWith(db, migrations ?? (await loadMigrations()), PLAN)
}
