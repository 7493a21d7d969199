import { type Address, getAddress, type Hex, hexToBigInt, hexToNumber, isAddress } from 'viem'
import { invalidParamsError } from './request-errors.ts'

/** A JSON-RPC quantity as dapps send it: 0x-prefixed hex, leading zeros tolerated (ethers adds them). */
const QUANTITY = /^0x[0-9a-fA-F]+$/
/** An EVM word: no quantity of a transaction is wider. */
const QUANTITY_BYTES = 32
/** Byte data: 0x-prefixed hex of whole bytes. */
const DATA = /^0x(?:[0-9a-fA-F]{2})*$/

export function parseAddress(method: string, field: string, value: unknown): Address {
  if (typeof value !== 'string' || !isAddress(value, { strict: false }))
    throw invalidParamsError(method, `expects ${field} to be an address.`)
  return getAddress(value)
}

/** Spec §8 numeric helper errors: beyond 32 bytes, viem's SizeOverflowError is the cause. */
export function parseQuantity(method: string, field: string, value: unknown): bigint {
  if (typeof value !== 'string' || !QUANTITY.test(value))
    throw invalidParamsError(method, `expects ${field} to be a hex quantity (0x…).`)
  try {
    return hexToBigInt(value as Hex, { size: QUANTITY_BYTES })
  } catch (error) {
    throw invalidParamsError(method, `has ${field} wider than ${QUANTITY_BYTES} bytes.`, error)
  }
}

/**
 * A quantity that must be a safe integer (a nonce, a chain id). Spec §8 numeric helper errors:
 * beyond it, viem's IntegerOutOfRangeError is the cause.
 */
export function parseSafeInteger(method: string, field: string, value: unknown): number {
  const quantity = parseQuantity(method, field, value)
  try {
    return hexToNumber(`0x${quantity.toString(16)}`)
  } catch (error) {
    throw invalidParamsError(method, `has ${field} out of range.`, error)
  }
}

export function parseData(method: string, field: string, value: unknown): Hex {
  if (typeof value !== 'string' || !DATA.test(value))
    throw invalidParamsError(method, `expects ${field} to be hex bytes (0x…).`)
  return value as Hex
}

export function isByteHex(value: string): value is Hex {
  return DATA.test(value)
}

/** `params` as an array of at least `count` entries, or an invalid-params error naming the shape. */
export function paramsArray(method: string, params: unknown, count: number, shape: string): unknown[] {
  if (!Array.isArray(params) || params.length < count) throw invalidParamsError(method, `expects ${shape}.`)
  return params
}
