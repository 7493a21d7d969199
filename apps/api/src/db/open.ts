import type { Database } from './database.ts'
import { migrate } from './migrate.ts'
import { openPglite } from './pglite.ts'
import { openPostgres } from './postgres.ts'

export interface StorageConfig {
  /** A Postgres connection string; when set, PGlite is not used. */
  databaseUrl?: string | undefined
  /** PGlite's data folder; undefined keeps the database in memory (tests). */
  dataDir?: string | undefined
}

/** Opens the configured database and brings its schema up to date. */
export async function openDatabase(config: StorageConfig): Promise<Database> {
  const db = config.databaseUrl ? await openPostgres(config.databaseUrl) : await openPglite(config.dataDir)
  try {
    await migrate(db)
  } catch (error) {
    await db.close()
    throw error
  }
  return db
}
