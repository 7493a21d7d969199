/**
 * The key server's storage: one Postgres dialect over embedded PGlite (default) or a real Postgres
 * (DATABASE_URL). Every table lives in the `key_server` schema, so the key server can share a
 * database with the data API without touching its tables. Timestamps are epoch milliseconds in
 * int8 columns, read back as JS numbers (far below 2^53), so the injected clock decides expiry.
 */
export type SqlValue = string | number | boolean | null

export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: readonly SqlValue[]): Promise<Row[]>
  /** Runs several statements without parameters (migrations). */
  exec(sql: string): Promise<void>
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres'
  /** Commits when `work` resolves, rolls back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>
  close(): Promise<void>
}

export const INT8_OID = 20

export function int8ToNumber(text: string): number {
  const value = Number(text)
  if (!Number.isSafeInteger(value)) throw new RangeError(`int8 ${text} does not fit a JS number`)
  return value
}
