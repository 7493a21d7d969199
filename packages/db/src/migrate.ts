import { readdir, readFile } from 'node:fs/promises'
import type { Database } from './database.ts'

export interface Migration {
  version: number
  name: string
  sql: string
}

/** Where one service keeps its record of applied migrations. */
export interface MigrationPlan {
  /** The record table, e.g. `schema_migrations` or `key_server.migrations`. */
  table: string
  /**
   * The advisory lock that serialises this service's processes migrating one Postgres. Any fixed
   * number; services sharing a database use different ones.
   */
  lockKey: number
  /** SQL run before the record table is made (e.g. the service's own schema). */
  prelude?: string
}

const FILE_PATTERN = /^(\d{4})_([a-z0-9_]+)\.sql$/

/** The migrations in `dir`, in version order. Versions must be unique and gap-free. */
export async function loadMigrations(dir: URL): Promise<Migration[]> {
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
 * Applies the migrations not yet recorded in the plan's table, each in its own transaction
 * together with its record, so a failed migration leaves nothing half-applied. The advisory lock
 * keeps two processes starting on one Postgres from applying the same migration twice.
 * Returns the versions applied now.
 */
export async function migrate(db: Database, migrations: Migration[], plan: MigrationPlan): Promise<number[]> {
  await db.exec(`${plan.prelude ?? ''}
    CREATE TABLE IF NOT EXISTS ${plan.table} (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`)
  const applied: number[] = []
  for (const migration of migrations) {
    const done = await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [plan.lockKey])
      const rows = await tx.query(`SELECT 1 FROM ${plan.table} WHERE version = $1`, [migration.version])
      if (rows.length > 0) return false
      await tx.exec(migration.sql)
      await tx.query(`INSERT INTO ${plan.table} (version, name) VALUES ($1, $2)`, [
        migration.version,
        migration.name,
      ])
      return true
    })
    if (done) applied.push(migration.version)
  }
  return applied
}
