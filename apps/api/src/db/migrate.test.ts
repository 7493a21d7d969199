import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Database } from '@walletframe/db'
import { openPglite } from '@walletframe/db'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadMigrations, migrate } from './migrate.ts'

describe('migrations', () => {
  let db: Database
  beforeAll(async () => {
    db = await openPglite(undefined)
  })
  afterAll(() => db.close())

  it('applies each migration once, in order, and records it', async () => {
    const shipped = await loadMigrations()
    expect(shipped.map((m) => m.version)).toEqual(shipped.map((_, i) => i + 1))
    expect(await migrate(db)).toEqual(shipped.map((m) => m.version))
    expect(await migrate(db)).toEqual([]) // already there
    const rows = await db.query<{ version: number; name: string }>(
      'SELECT version, name FROM schema_migrations ORDER BY version',
    )
    expect(rows).toEqual(shipped.map(({ version, name }) => ({ version, name })))
  })

  it('leaves nothing behind when a migration fails', async () => {
    const broken = [
      ...(await loadMigrations()),
      { version: 99, name: 'broken', sql: 'CREATE TABLE half_done (id int); SELECT no_such_function();' },
    ]
    await expect(migrate(db, broken)).rejects.toThrow()
    expect(await db.query("SELECT 1 FROM pg_tables WHERE tablename = 'half_done'")).toEqual([])
    expect(await db.query('SELECT 1 FROM schema_migrations WHERE version = 99')).toEqual([])
  })

  it('refuses badly named or gapped migration files', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'wf-migrations-'))
    try {
      const url = pathToFileURL(`${dir}/`)
      await writeFile(join(dir, '0001_init.sql'), 'SELECT 1;')
      await writeFile(join(dir, '0003_later.sql'), 'SELECT 1;')
      await expect(loadMigrations(url)).rejects.toThrow(/1, 2, 3/)
      await writeFile(join(dir, '0002 Bad Name.sql'), 'SELECT 1;')
      await expect(loadMigrations(url)).rejects.toThrow(/NNNN_snake_name/)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  it('parses int8 as numbers and numeric as exact strings', async () => {
    const [row] = await db.query<{ big: number; amount: string }>(
      "SELECT 9007199254740991::int8 AS big, '115792089237316195423570985008687907853269984665640564039457584007913129639935'::numeric AS amount",
    )
    expect(row).toEqual({
      big: Number.MAX_SAFE_INTEGER,
      amount: '115792089237316195423570985008687907853269984665640564039457584007913129639935',
    })
    await expect(db.query('SELECT 9007199254740993::int8 AS beyond')).rejects.toThrow(/2\^53/)
  })
})
