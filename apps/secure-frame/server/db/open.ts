import type { Database } from './database.ts'
import { migrate } from './migrate.ts'
import { openPglite } from './pglite.ts'
import { openPostgres } from './postgres.ts'

export interface StorageConfig {
  /** Postgres; when set, PGlite is not used. */
  databaseUrl?: string | undefined
  /** PGlite's folder; undefined keeps PGlite in memory. */
  dataDir?: string | undefined
}

/** Opens the configured database and migrates the `key_server` schema. */
export async function openDatabase(config: StorageConfig): Promise<Database> {
  const db = config.databaseUrl ? await openPostgres(config.databaseUrl) : await openPglite(config.dataDir)
  try {
    await migrate(db)
    return db
  } catch (error) {
    await db.close()
    throw error
  }
}
