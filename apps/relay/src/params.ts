/**
 * Validation of method params. Each reader names the offending field, so a client developer can
 * fix the call from the error message alone.
 */
import { invalidParams, limitExceeded } from './errors.ts'
import type { RelayLimits } from './limits.ts'

/** WalletConnect's default when a publish names no ttl: five minutes. */
const DEFAULT_TTL_SECONDS = 300
const MAX_TOPIC_LENGTH = 128

export type Params = Record<string, unknown>

export function paramsObject(params: unknown, method: string): Params {
  if (typeof params !== 'object' || params === null || Array.isArray(params)) {
    throw invalidParams(`Invalid params: ${method} takes an object`)
  }
  return params as Params
}

export function topic(params: Params, field: string): string {
  const value = params[field]
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_TOPIC_LENGTH) {
    throw invalidParams(`Invalid params: ${field} must be a topic string (1-${MAX_TOPIC_LENGTH} chars)`)
  }
  return value
}

export function message(params: Params, field: string, limits: RelayLimits): string {
  const value = params[field]
  if (typeof value !== 'string' || value.length === 0) {
    throw invalidParams(`Invalid params: ${field} must be a non-empty string`)
  }
  const bytes = Buffer.byteLength(value)
  if (bytes > limits.maxMessageBytes) {
    throw limitExceeded(`Limit exceeded: ${field} is ${bytes} bytes, the limit is ${limits.maxMessageBytes}`)
  }
  return value
}

/** WalletConnect's longest ttl (30 days); beyond it a ttl is a mistake, not a wish to be cut. */
const MAX_PROTOCOL_TTL_SECONDS = 30 * 24 * 3600

/** A ttl of the protocol's range, cut to the relay's `maxTtlSeconds`. */
export function ttlSeconds(params: Params, limits: RelayLimits): number {
  const value = params.ttl ?? DEFAULT_TTL_SECONDS
  if (
    typeof value !== 'number' ||
    !Number.isInteger(value) ||
    value < 1 ||
    value > MAX_PROTOCOL_TTL_SECONDS
  ) {
    throw invalidParams(`Invalid params: ttl must be whole seconds from 1 to ${MAX_PROTOCOL_TTL_SECONDS}`)
  }
  return Math.min(value, limits.maxTtlSeconds)
}

export function tag(params: Params, fallback: number): number {
  const value = params.tag ?? fallback
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw invalidParams('Invalid params: tag must be a non-negative integer')
  }
  return value
}

export function batch(params: Params, field: string, limits: RelayLimits): unknown[] {
  const value = params[field]
  if (!Array.isArray(value)) throw invalidParams(`Invalid params: ${field} must be an array`)
  if (value.length > limits.maxBatchSize) {
    throw limitExceeded(
      `Limit exceeded: ${value.length} ${field} in one batch, the limit is ${limits.maxBatchSize}`,
    )
  }
  return value
}

/** The topics of a batch, each checked like a single topic. */
export function topics(params: Params, field: string, limits: RelayLimits): string[] {
  return batch(params, field, limits).map((value, index) =>
    topic({ [`${field}[${index}]`]: value }, `${field}[${index}]`),
  )
}
