import type { SolanaRpcError } from './errors.ts'

export type RpcResponse = { jsonrpc: '2.0'; id: unknown } & ({ result: unknown } | { error: unknown })

/** A JSON-RPC 2.0 error answer. */
export const failure = (id: unknown, error: SolanaRpcError): RpcResponse => ({
  jsonrpc: '2.0',
  id,
  error: {
    code: error.code,
    message: error.message,
    ...(error.data === undefined ? {} : { data: error.data }),
  },
})

const BIGINT_MARK = '\u0000bigint:'

/** JSON with u64 values (lamports, slots) written as exact integers, as a validator writes them. */
export function stringify(value: unknown): string {
  return JSON.stringify(value, (_, v) => (typeof v === 'bigint' ? `${BIGINT_MARK}${v}` : v)).replace(
    /"\\u0000bigint:(-?\d+)"/g,
    '$1',
  )
}
