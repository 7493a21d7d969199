import { mkdir } from 'node:fs/promises'
import { PGlite, type Transaction } from '@electric-sql/pglite'
import { type Database, INT8_OID, int8ToNumber, type Queryable, type SqlValue } from './database.ts'

/** Embedded Postgres; opening takes seconds (WASM start-up), so a process opens it once. */
export async function openPglite(dataDir: string | undefined): Promise<Database> {
  if (dataDir) await mkdir(dataDir, { recursive: true })
  const pglite = await PGlite.create(dataDir ?? 'memory://', { parsers: { [INT8_OID]: int8ToNumber } })
  const queryable = (target: PGlite | Transaction): Queryable => ({
    query: async <Row>(sql: string, params: readonly SqlValue[] = []) =>
      (await target.query<Row>(sql, [...params])).rows,
    exec: async (sql: string) => {
      await target.exec(sql)
    },
  })
  let closing: Promise<void> | undefined
  return {
    kind: 'pglite',
    ...queryable(pglite),
    transaction: (work) => pglite.transaction((tx) => work(queryable(tx))),
    close: () => {
      closing ??= pglite.close()
      return closing
    },
  }
}
