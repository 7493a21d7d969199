import { type Address, getBase58Encoder, getBase64Encoder, isAddress } from '@solana/kit'
import { ACCOUNT_ENCODINGS, type AccountEncoding, type DataSlice } from './accounts.ts'
import { invalidParams } from './errors.ts'

/** Positional parameters of one call, read with clear errors (-32602) naming what is wrong. */
export class Params {
  constructor(private readonly values: readonly unknown[]) {}

  address(index: number, name: string): Address {
    const value = this.values[index]
    if (typeof value !== 'string' || !isAddress(value))
      throw invalidParams(
        `${name} must be a base58 Solana address, got ${JSON.stringify(value) ?? 'nothing'}`,
      )
    return value
  }

  string(index: number, name: string): string {
    const value = this.values[index]
    if (typeof value !== 'string' || value === '') throw invalidParams(`${name} must be a non-empty string`)
    return value
  }

  /** A non-negative integer, as JSON number. */
  integer(index: number, name: string): bigint {
    return integer(this.values[index], name)
  }

  array(index: number, name: string, max: number): unknown[] {
    const value = this.values[index]
    if (!Array.isArray(value)) throw invalidParams(`${name} must be an array`)
    if (value.length > max) throw invalidParams(`${name} may hold at most ${max} entries`)
    return value
  }

  /** The optional configuration object, with its commitment checked. */
  config(index: number): Config {
    const value = this.values[index]
    if (value === undefined || value === null) return new Config({})
    if (typeof value !== 'object' || Array.isArray(value))
      throw invalidParams('the configuration must be an object')
    const config = new Config(value as Record<string, unknown>)
    config.oneOf('commitment', ['processed', 'confirmed', 'finalized'] as const)
    config.oneOf('preflightCommitment', ['processed', 'confirmed', 'finalized'] as const)
    return config
  }
}

export class Config {
  constructor(readonly values: Record<string, unknown>) {}

  oneOf<T extends string>(name: string, allowed: readonly T[]): T | undefined {
    const value = this.values[name]
    if (value === undefined) return undefined
    if (!allowed.includes(value as T)) throw invalidParams(`${name} must be one of ${allowed.join(', ')}`)
    return value as T
  }

  boolean(name: string): boolean | undefined {
    const value = this.values[name]
    if (value !== undefined && typeof value !== 'boolean')
      throw invalidParams(`${name} must be true or false`)
    return value as boolean | undefined
  }

  integer(name: string): bigint | undefined {
    const value = this.values[name]
    return value === undefined ? undefined : integer(value, name)
  }

  accountEncoding(fallback: AccountEncoding): AccountEncoding {
    return this.oneOf('encoding', ACCOUNT_ENCODINGS) ?? fallback
  }

  dataSlice(): DataSlice | undefined {
    const value = this.values.dataSlice as Record<string, unknown> | undefined
    if (value === undefined) return undefined
    if (typeof value !== 'object' || value === null)
      throw invalidParams('dataSlice must be { offset, length }')
    return {
      offset: Number(integer(value.offset, 'dataSlice.offset')),
      length: Number(integer(value.length, 'dataSlice.length')),
    }
  }
}

function integer(value: unknown, name: string): bigint {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0)
    throw invalidParams(`${name} must be a non-negative integer`)
  return BigInt(value)
}

/** A wire transaction as sendTransaction and simulateTransaction take it (base58 unless told). */
export function wireTransaction(params: Params, config: Config): Uint8Array {
  const encoded = params.string(0, 'the transaction')
  const encoding = config.oneOf('encoding', ['base58', 'base64'] as const) ?? 'base58'
  try {
    return new Uint8Array(
      encoding === 'base64' ? getBase64Encoder().encode(encoded) : getBase58Encoder().encode(encoded),
    )
  } catch {
    throw invalidParams(`the transaction is not valid ${encoding}`)
  }
}
