import pg from 'pg'
import { type Database, PG_TYPES, parseInt8, type Queryable, type SqlParam } from './database.ts'
import { DatabaseUnavailableError, rethrowUnavailable } from './errors.ts'

/** How long a call waits for a connection before it reports the database unavailable. */
const CONNECT_TIMEOUT_MS = 5_000

const typeParsers: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: string) => {
    if (oid === PG_TYPES.INT8) return parseInt8
    if (oid === PG_TYPES.NUMERIC) return (value: string) => value
    return pg.types.getTypeParser(oid, format as 'text')
  }) as pg.CustomTypesConfig['getTypeParser'],
}

/**
 * A real Postgres through a small pool; the parsers are per pool, never global to `pg`. While the
 * server is away every call fails fast with DatabaseUnavailableError (a bounded wait for a
 * connection, never a hang); the pool reconnects by itself when it is back.
 */
export async function openPostgres(
  connectionString: string,
  options: { max?: number; label?: string } = {},
): Promise<Database> {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    types: typeParsers,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  })
  // An idle client that loses its connection emits 'error' on the pool; unhandled, it would crash.
  pool.on('error', (error) => console.error(`[${options.label ?? 'db'}] postgres pool error:`, error.message))
  // Fail at start-up, not at the first request, when the database cannot be reached.
  await pool.query('SELECT 1')

  const wrap = (target: pg.Pool | pg.PoolClient): Queryable => ({
    async query<Row>(sql: string, params: readonly SqlParam[] = []) {
      const result = await target.query(sql, params as unknown[]).catch(rethrowUnavailable)
      return result.rows as Row[]
    },
    async exec(sql: string) {
      await target.query(sql).catch(rethrowUnavailable)
    },
  })
  let closed = false
  return {
    kind: 'postgres',
    ...wrap(pool),
    async transaction(fn) {
      const client = await pool.connect().catch(rethrowUnavailable)
      let broken: Error | undefined
      // The pool listens for errors on idle clients only: a connection cut while this one is checked
      // out would otherwise be an uncaught 'error' event, which ends the process.
      const onError = (error: Error) => {
        broken = error
      }
      client.on('error', onError)
      try {
        await client.query('BEGIN').catch(rethrowUnavailable)
        const result = await fn(wrap(client))
        await client.query('COMMIT').catch(rethrowUnavailable)
        return result
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined)
        // A connection cut mid-transaction must not go back to the pool for the next caller.
        if (error instanceof DatabaseUnavailableError) broken = error
        throw error
      } finally {
        client.off('error', onError)
        client.release(broken)
      }
    },
    async close() {
      if (closed) return
      closed = true
      await pool.end()
    },
  }
}
