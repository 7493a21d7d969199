import pg from 'pg'
import { type Database, PG_TYPES, parseInt8, type Queryable, type SqlParam } from './database.ts'

const typeParsers: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: string) => {
    if (oid === PG_TYPES.INT8) return parseInt8
    if (oid === PG_TYPES.NUMERIC) return (value: string) => value
    return pg.types.getTypeParser(oid, format as 'text')
  }) as pg.CustomTypesConfig['getTypeParser'],
}

/** A real Postgres through a small pool; the parsers are per pool, never global to `pg`. */
export async function openPostgres(
  connectionString: string,
  options: { max?: number; label?: string } = {},
): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: options.max ?? 10, types: typeParsers })
  // An idle client that loses its connection emits 'error' on the pool; unhandled, it would crash.
  pool.on('error', (error) => console.error(`[${options.label ?? 'db'}] postgres pool error:`, error.message))
  // Fail at start-up, not at the first request, when the database cannot be reached.
  await pool.query('SELECT 1')

  const wrap = (target: pg.Pool | pg.PoolClient): Queryable => ({
    async query<Row>(sql: string, params: readonly SqlParam[] = []) {
      const result = await target.query(sql, params as unknown[])
      return result.rows as Row[]
    },
    async exec(sql: string) {
      await target.query(sql)
    },
  })
  let closed = false
  return {
    kind: 'postgres',
    ...wrap(pool),
    async transaction(fn) {
      const client = await pool.connect()
      try {
        await client.query('BEGIN')
        const result = await fn(wrap(client))
        await client.query('COMMIT')
        return result
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined)
        throw error
      } finally {
        client.release()
      }
    },
    async close() {
      if (closed) return
      closed = true
      await pool.end()
    },
  }
}
