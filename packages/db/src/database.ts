/**
 * The storage seam: the Postgres dialect behind a three-method interface, so the same SQL runs on
 * embedded PGlite (the default) and on a real Postgres (DATABASE_URL).
 *
 * Both adapters parse int8 as a JS number (every int8 here — chain ids, block numbers, epoch-ms
 * timestamps, nonces — is far below 2^53; a larger one throws rather than losing precision) and
 * numeric as a decimal string (token amounts exceed 2^53).
 */

export type SqlParam = string | number | bigint | boolean | null | readonly (string | number | null)[]

export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: readonly SqlParam[]): Promise<Row[]>
  /** Several statements without parameters (migrations). */
  exec(sql: string): Promise<void>
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres'
  /** Runs `fn` in one transaction: committed if it resolves, rolled back if it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>
  close(): Promise<void>
}

export function parseInt8(value: string): number {
  const parsed = Number(value)
  if (!Number.isSafeInteger(parsed)) throw new RangeError(`int8 value ${value} is beyond 2^53`)
  return parsed
}

export const PG_TYPES = { INT8: 20, NUMERIC: 1700 } as const
