import { readdir, readFile } from 'node:fs/promises'
import type { Database } from './database.ts'

export interface Migration {
  version: number
  name: string
  sql: string
}

const SHIPPED = new URL('./migrations/', import.meta.url)
const FILE_NAME = /^(\d{4})_([a-z0-9_]+)\.sql$/
// Serialises key-server processes migrating one Postgres; differs from the data API's lock key.
const LOCK_KEY = 0x5746_4b53 // "WFKS"

/** The shipped migrations in version order; versions run 1, 2, 3… without gaps. */
export async function loadMigrations(dir: URL = SHIPPED): Promise<Migration[]> {
  const names = (await readdir(dir)).filter((file) => file.endsWith('.sql')).sort()
  const migrations: Migration[] = []
  for (const [index, file] of names.entries()) {
    const match = FILE_NAME.exec(file)
    if (!match) throw new Error(`key-server migration ${file}: name it NNNN_snake_name.sql`)
    if (Number(match[1]) !== index + 1)
      throw new Error(`key-server migration ${file}: expected version ${index + 1}`)
    migrations.push({ version: index + 1, name: match[2]!, sql: await readFile(new URL(file, dir), 'utf8') })
  }
  return migrations
}

/**
 * Applies what `key_server.migrations` does not list yet, each migration in one transaction with
 * its record, so a failure leaves nothing half-done. Returns the versions applied now.
 */
export async function migrate(db: Database, migrations?: Migration[]): Promise<number[]> {
  await db.exec(`CREATE SCHEMA IF NOT EXISTS key_server;
    CREATE TABLE IF NOT EXISTS key_server.migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`)
  const applied: number[] = []
  for (const migration of migrations ?? (await loadMigrations())) {
    const ran = await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [LOCK_KEY])
      const done = await tx.query('SELECT 1 FROM key_server.migrations WHERE version = $1', [
        migration.version,
      ])
      if (done.length > 0) return false
      await tx.exec(migration.sql)
      await tx.query('INSERT INTO key_server.migrations (version, name) VALUES ($1, $2)', [
        migration.version,
        migration.name,
      ])
      return true
    })
    if (ran) applied.push(migration.version)
  }
  return applied
}
