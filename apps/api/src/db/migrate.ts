import { readdir, readFile } from 'node:fs/promises'
import type { Database } from './database.ts'

export interface Migration {
  version: number
  name: string
  sql: string
}

const MIGRATIONS_DIR = new URL('./migrations/', import.meta.url)
const FILE_PATTERN = /^(\d{4})_([a-z0-9_]+)\.sql$/
// Any fixed number: it only has to be the same for every API process sharing the database.
const MIGRATION_LOCK_KEY = 0x5746_4150 // "WFAP"

/** The migrations shipped with the API, in version order. Versions must be unique and gap-free. */
export async function loadMigrations(dir: URL = MIGRATIONS_DIR): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((file) => file.endsWith('.sql')).sort()
  const migrations: Migration[] = []
  for (const file of files) {
    const match = FILE_PATTERN.exec(file)
    if (!match) throw new Error(`migration file ${file} must be named NNNN_snake_name.sql`)
    migrations.push({
      version: Number(match[1]),
      name: match[2]!,
      sql: await readFile(new URL(file, dir), 'utf8'),
    })
  }
  migrations.forEach((migration, index) => {
    if (migration.version !== index + 1) {
      throw new Error(
        `migration versions must run 1, 2, 3…; found ${migration.version} at position ${index + 1}`,
      )
    }
  })
  return migrations
}

/**
 * Applies the migrations not yet recorded in `schema_migrations`, each in its own transaction
 * together with its record, so a failed migration leaves nothing half-applied. An advisory lock
 * keeps two API processes starting on one Postgres from applying the same migration twice.
 */
export async function migrate(db: Database, migrations?: Migration[]): Promise<number[]> {
  const all = migrations ?? (await loadMigrations())
  await db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version integer PRIMARY KEY,
    name text NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`)
  const applied: number[] = []
  for (const migration of all) {
    const done = await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY])
      const rows = await tx.query('SELECT 1 FROM schema_migrations WHERE version = $1', [migration.version])
      if (rows.length > 0) return false
      await tx.exec(migration.sql)
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
        migration.version,
        migration.name,
      ])
      return true
    })
    if (done) applied.push(migration.version)
  }
  return applied
}
