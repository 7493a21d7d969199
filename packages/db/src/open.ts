import type { Database } from './database.ts'
import { openPglite } from './pglite.ts'
import { openPostgres } from './postgres.ts'

export interface StorageConfig {
  /** A Postgres connection string; when set, PGlite is not used. */
  databaseUrl?: string | undefined
  /** PGlite's data folder; undefined keeps the database in memory (tests). */
  dataDir?: string | undefined
}

/**
 * Opens the configured database and runs `prepare` on it (the service's migrations); closes it
 * again when that fails, so a failed start-up leaves no pool or WASM instance behind.
 */
export async function openDatabase(
  config: StorageConfig,
  prepare: (db: Database) => Promise<unknown>,
  label = 'db',
): Promise<Database> {
  const db = config.databaseUrl
    ? await openPostgres(config.databaseUrl, { label })
    : await openPglite(config.dataDir)
  try {
    await prepare(db)
  } catch (error) {
    await db.close()
    throw error
  }
  return db
}
