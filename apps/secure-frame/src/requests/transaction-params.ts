import type { Address, Hex } from 'viem'
import { paramsArray, parseAddress, parseData, parseQuantity, parseSafeInteger } from './quantities.ts'
import { invalidParamsError } from './request-errors.ts'

const METHOD = 'eth_sendTransaction'

/** An eth_sendTransaction request as parsed: quantities as bigints, absent fields left for the RPC. */
export interface TransactionRequest {
  from: Address
  /** Absent for a contract creation. */
  to?: Address
  value?: bigint
  data?: Hex
  gas?: bigint
  nonce?: number
  gasPrice?: bigint
  maxFeePerGas?: bigint
  maxPriorityFeePerGas?: bigint
  chainId?: number
}

/** Fields that would make another kind of transaction than this wallet signs: refused, never dropped. */
const UNSUPPORTED_FIELDS = [
  'authorizationList',
  'blobs',
  'blobVersionedHashes',
  'maxFeePerBlobGas',
  'sidecars',
]

/** eth_sendTransaction's params: `[transaction]`, quantities as 0x hex. */
export function parseTransactionParams(params: unknown): TransactionRequest {
  const [transaction] = paramsArray(METHOD, params, 1, '[transaction]')
  if (typeof transaction !== 'object' || transaction === null || Array.isArray(transaction))
    throw invalidParamsError(METHOD, 'expects the transaction as an object.')
  const fields = transaction as Record<string, unknown>
  const unsupported = UNSUPPORTED_FIELDS.find((field) => fields[field] != null)
  if (unsupported) throw invalidParamsError(METHOD, `does not support \`${unsupported}\`.`)
  if (fields.gasPrice != null && (fields.maxFeePerGas != null || fields.maxPriorityFeePerGas != null))
    throw invalidParamsError(METHOD, 'takes either gasPrice or maxFeePerGas/maxPriorityFeePerGas, not both.')

  const optional = <T>(key: string, parse: (method: string, field: string, value: unknown) => T) =>
    fields[key] == null ? undefined : parse(METHOD, key, fields[key])
  // `input` is the newer name of `data`; a dapp may send either.
  const dataKey = fields.data == null ? 'input' : 'data'
  return {
    from: parseAddress(METHOD, 'from', fields.from),
    to: optional('to', parseAddress),
    value: optional('value', parseQuantity),
    data: optional(dataKey, parseData),
    gas: optional('gas', parseQuantity),
    nonce: optional('nonce', parseSafeInteger),
    gasPrice: optional('gasPrice', parseQuantity),
    maxFeePerGas: optional('maxFeePerGas', parseQuantity),
    maxPriorityFeePerGas: optional('maxPriorityFeePerGas', parseQuantity),
    chainId: optional('chainId', parseSafeInteger),
  }
}
