import pg from 'pg'
import { type Database, INT8_OID, int8ToNumber, type Queryable, type SqlValue } from './database.ts'

/** A real Postgres through a small pool; the int8 parser is the pool's own, never `pg`'s global one. */
export async function openPostgres(connectionString: string): Promise<Database> {
  const types: pg.CustomTypesConfig = {
    getTypeParser: ((oid: number, format?: 'text') =>
      oid === INT8_OID
        ? int8ToNumber
        : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
  }
  const pool = new pg.Pool({ connectionString, max: 10, types })
  // A dropped idle connection is reported on the pool; unhandled, it would end the process.
  pool.on('error', (error) => console.error('[key-server] postgres pool error:', error.message))
  await pool.query('SELECT 1') // fail at start-up rather than at the first request
  const queryable = (target: pg.Pool | pg.PoolClient): Queryable => ({
    query: async <Row>(sql: string, params: readonly SqlValue[] = []) =>
      (await target.query(sql, [...params])).rows as Row[],
    exec: async (sql: string) => {
      await target.query(sql)
    },
  })
  let closing: Promise<void> | undefined
  return {
    kind: 'postgres',
    ...queryable(pool),
    async transaction(work) {
      const client = await pool.connect()
      try {
        await client.query('BEGIN')
        const result = await work(queryable(client))
        await client.query('COMMIT')
        return result
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined)
        throw error
      } finally {
        client.release()
      }
    },
    close: () => {
      closing ??= pool.end()
      return closing
    },
  }
}
