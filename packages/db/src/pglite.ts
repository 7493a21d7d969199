import { mkdir } from 'node:fs/promises'
import { PGlite, type Transaction } from '@electric-sql/pglite'
import { type Database, PG_TYPES, parseInt8, type Queryable, type SqlParam } from './database.ts'

/**
 * Embedded Postgres (WASM). Opening takes ~5 s, so it is opened once per process; it runs one
 * query at a time, which is why hot reads are served from memory (notes/measured-facts.md).
 */
export async function openPglite(dataDir: string | undefined): Promise<Database> {
  if (dataDir) await mkdir(dataDir, { recursive: true })
  const db = await PGlite.create(dataDir ?? 'memory://', {
    parsers: { [PG_TYPES.INT8]: parseInt8, [PG_TYPES.NUMERIC]: (value: string) => value },
  })
  const wrap = (target: PGlite | Transaction): Queryable => ({
    async query<Row>(sql: string, params: readonly SqlParam[] = []) {
      const result = await target.query<Row>(sql, params as unknown[])
      return result.rows
    },
    async exec(sql: string) {
      await target.exec(sql)
    },
  })
  let closed = false
  return {
    kind: 'pglite',
    ...wrap(db),
    transaction: (fn) => db.transaction((tx) => fn(wrap(tx))),
    async close() {
      if (closed) return
      closed = true
      await db.close()
    },
  }
}
