/**
 * One Postgres dialect over embedded PGlite (the default) or a real Postgres (DATABASE_URL), with
 * versioned SQL migrations: the storage of the data API and of the key server.
 */
export type { Database, Queryable, SqlParam } from './database.ts'
export { PG_TYPES, parseInt8 } from './database.ts'
export { DatabaseUnavailableError } from './errors.ts'
export { loadMigrations, type Migration, type MigrationPlan, migrate } from './migrate.ts'
export { openDatabase, type StorageConfig } from './open.ts'
export { openPglite } from './pglite.ts'
export { openPostgres } from './postgres.ts'
