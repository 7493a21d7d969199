/**
 * The key server's migrations (./migrations). Every table lives in the `key_server` schema, with
 * its own record table, so the key server can share a database with the data API without touching
 * its tables.
 */
import {
  type Database,
  loadMigrations as loadFrom,
  type Migration,
  type MigrationPlan,
  migrate as migrateWith,
} from '@walletframe/db'

const SHIPPED = new URL('./migrations/', import.meta.url)
const PLAN: MigrationPlan = {
  table: 'key_server.migrations',
  prelude: 'CREATE SCHEMA IF NOT EXISTS key_server;',
  // Serialises key-server processes migrating one Postgres; differs from the data API's lock key.
  lockKey: 0x5746_4b53, // "WFKS"
}

export const loadMigrations = (dir: URL = SHIPPED): Promise<Migration[]> => loadFrom(dir)

export async function migrate(db: Database, migrations?: Migration[]): Promise<number[]> {
  return migrateWith(db, migrations ?? (await loadMigrations()), PLAN)
}
