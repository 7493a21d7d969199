import {
  type Address,
  getTypesForEIP712Domain,
  hashTypedData,
  type TypedDataDefinition,
  type TypedDataDomain,
  type TypedDataParameter,
} from 'viem'
import { paramsArray, parseAddress } from './quantities.ts'
import { invalidParamsError } from './request-errors.ts'

const METHOD = 'eth_signTypedData_v4'

export type TypedDataTypes = Record<string, readonly TypedDataParameter[]>

/** EIP-712 data as checked here: every struct named in `types`, the domain's own type included. */
export interface TypedDataRequest {
  address: Address
  typedData: TypedDataFields
}

/** Checked EIP-712 data. Not viem's generic definition: its fields are known only at run time. */
export interface TypedDataFields {
  domain: TypedDataDomain
  types: TypedDataTypes
  primaryType: string
  message: Record<string, unknown>
}

/** viem's typing wants types known at compile time; these were checked by hashing them at parse time. */
export const asViemTypedData = (typedData: TypedDataFields) => typedData as TypedDataDefinition

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const isStructList = (value: unknown): value is TypedDataParameter[] =>
  Array.isArray(value) &&
  value.every((field) => isRecord(field) && typeof field.name === 'string' && typeof field.type === 'string')

/**
 * eth_signTypedData_v4's params: `[address, typedData]`, the data as a JSON string (as EIP-1193
 * dapps send it) or an object. The data is hashed once here, so anything that would not encode is
 * an invalid-params error now rather than a failure after the user approved it. With
 * `expectedChainId`, a domain naming another chain is refused (a signature for another network).
 */
export function parseTypedDataParams(params: unknown, expectedChainId?: number): TypedDataRequest {
  const [address, data] = paramsArray(METHOD, params, 2, '[address, typedData]')
  const parsed = typeof data === 'string' ? parseJson(data) : data
  if (!isRecord(parsed)) throw invalidParamsError(METHOD, 'expects typed data as a JSON object.')
  const { types, primaryType, message } = parsed
  const domain = parsed.domain ?? {}
  if (!isRecord(types) || !Object.values(types).every(isStructList))
    throw invalidParamsError(METHOD, 'expects `types` mapping each struct name to its fields.')
  if (typeof primaryType !== 'string' || !Object.hasOwn(types, primaryType))
    throw invalidParamsError(METHOD, 'expects `primaryType` to name a struct of `types`.')
  if (!isRecord(domain)) throw invalidParamsError(METHOD, 'expects `domain` to be an object.')
  if (!isRecord(message)) throw invalidParamsError(METHOD, 'expects `message` to be an object.')

  const typedData: TypedDataFields = {
    domain: domain as TypedDataDomain,
    // The dapp's own EIP712Domain wins, as in viem's hashing: the signature covers what it declared.
    types: { EIP712Domain: getTypesForEIP712Domain({ domain }), ...(types as TypedDataTypes) },
    primaryType,
    message,
  }
  try {
    hashTypedData(asViemTypedData(typedData))
  } catch (error) {
    const reason = (error as { shortMessage?: string }).shortMessage ?? (error as Error).message
    throw invalidParamsError(METHOD, `has typed data that does not encode (${reason})`, error)
  }
  if (expectedChainId !== undefined && domain.chainId != null && !sameChain(domain.chainId, expectedChainId))
    throw invalidParamsError(
      METHOD,
      `has a domain for chain ${String(domain.chainId)}, not ${expectedChainId}.`,
    )
  return { address: parseAddress(METHOD, 'params[0]', address), typedData }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch (error) {
    throw invalidParamsError(METHOD, 'expects typed data as valid JSON.', error)
  }
}

/** Domains give the chain id as a number, a decimal string or a hex string. */
function sameChain(value: unknown, chainId: number): boolean {
  try {
    return BigInt(value as string | number | bigint) === BigInt(chainId)
  } catch {
    return false
  }
}
