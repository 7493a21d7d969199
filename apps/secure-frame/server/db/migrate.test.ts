import { describe, expect, it } from 'vitest'
import { TEST_BACKENDS } from '../test-support/key-server.ts'
import { loadMigrations, migrate } from './migrate.ts'
import { openDatabase } from './open.ts'

describe.each(TEST_BACKENDS)('key-server migrations on $name', (backend) => {
  it('keeps every table in the key_server schema, applied once, and rolls back a failed one', async () => {
    const storage = await backend.start()
    const db = await openDatabase({ databaseUrl: storage.databaseUrl })
    try {
      const shipped = await loadMigrations()
      expect(await migrate(db)).toEqual([]) // openDatabase applied them
      const recorded = await db.query<{ version: number }>(
        'SELECT version FROM key_server.migrations ORDER BY version',
      )
      expect(recorded.map((row) => row.version)).toEqual(shipped.map((m) => m.version))
      const outside = await db.query(
        "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'",
      )
      expect(outside).toEqual([]) // nothing in the schema the data API uses

      const broken = [
        ...shipped,
        {
          version: shipped.length + 1,
          name: 'broken',
          sql: 'CREATE TABLE key_server.half (id int); SELECT nope();',
        },
      ]
      await expect(migrate(db, broken)).rejects.toThrow()
      expect(await db.query("SELECT 1 FROM information_schema.tables WHERE table_name = 'half'")).toEqual([])
    } finally {
      await db.close()
      await storage.close()
    }
  })
})
