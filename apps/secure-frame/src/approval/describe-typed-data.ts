import type { Address } from 'viem'
import { parseTypedDataParams, type TypedDataTypes } from '../requests/typed-data-params.ts'

/** One field of typed data: a leaf with its value as text, or a struct or array with its children. */
export type TypedDataNode =
  | { key: string; type: string; value: string }
  | { key: string; type: string; children: TypedDataNode[] }

export interface TypedDataDescription {
  kind: 'typedData'
  address: Address
  domain: TypedDataNode[]
  primaryType: string
  message: TypedDataNode[]
}

const ARRAY_SUFFIX = /\[\d*\]$/

/**
 * eth_signTypedData_v4 as the approval view shows it. Fields follow the order of their type's
 * definition (the order that is hashed), never the order of the JSON, and only fields the type
 * declares are shown: extra keys in the message are not signed, so they are not displayed.
 */
export function describeTypedData(params: unknown, chainId?: number): TypedDataDescription {
  const { address, typedData } = parseTypedDataParams(params, chainId)
  const { types, primaryType, domain, message } = typedData
  return {
    kind: 'typedData',
    address,
    domain: structNodes(types, 'EIP712Domain', domain as Record<string, unknown>),
    primaryType,
    message: structNodes(types, primaryType, message),
  }
}

function structNodes(
  types: TypedDataTypes,
  typeName: string,
  value: Record<string, unknown>,
): TypedDataNode[] {
  return (types[typeName] ?? []).map((field) => fieldNode(types, field.name, field.type, value[field.name]))
}

function fieldNode(types: TypedDataTypes, key: string, type: string, value: unknown): TypedDataNode {
  if (ARRAY_SUFFIX.test(type)) {
    const elementType = type.replace(ARRAY_SUFFIX, '')
    const items = Array.isArray(value) ? value : []
    return {
      key,
      type,
      children: items.map((item, index) => fieldNode(types, String(index), elementType, item)),
    }
  }
  if (Object.hasOwn(types, type))
    return { key, type, children: structNodes(types, type, (value ?? {}) as Record<string, unknown>) }
  return { key, type, value: leafText(type, value) }
}

const INTEGER_TYPE = /^u?int\d*$/

/** Integers as the decimal number that is signed, whether the dapp wrote a number, decimal or hex string. */
function leafText(type: string, value: unknown): string {
  if (
    INTEGER_TYPE.test(type) &&
    (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint')
  )
    return BigInt(value).toString()
  return String(value)
}
