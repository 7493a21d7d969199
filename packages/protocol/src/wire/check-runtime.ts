/**
 * What the generated host checks (host-checks.generated.ts) call at run time: tiny on purpose, as
 * it ships in the host SDK. The checks themselves are compiled from the zod shapes' JSON Schemas
 * (compile-checks.ts), so the SDK carries code for its shapes instead of schemas and an interpreter.
 */
import type { ShapeName, WireValidator } from './validator.ts'

export type Check = (value: unknown) => boolean

/** A plain object: not null, not an array. */
export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** The enum keyword: the value is one of these. */
export const oneOf = (values: readonly unknown[], value: unknown): boolean => values.includes(value)

/**
 * The object keywords: every required key is present, each key passes its property's check, and
 * a key no property declares passes `rest` (`false`: not allowed; absent: anything). An optional
 * key set to `undefined` (postMessage keeps it, JSON would not) counts as absent, as in zod.
 */
export function objectMatches(
  value: unknown,
  properties: Record<string, Check>,
  required: readonly string[],
  rest?: Check | false,
  names?: Check,
): boolean {
  if (!isObject(value)) return true
  for (const key of required) if (!Object.hasOwn(value, key)) return false
  for (const key of Object.keys(value)) {
    if (names && !names(key)) return false
    const declared = Object.hasOwn(properties, key)
    const check = declared ? properties[key] : rest
    if (check === false) return false
    if (declared && value[key] === undefined && !required.includes(key)) continue
    if (check && !check(value[key])) return false
  }
  return true
}

export function createCheckValidator(checks: Partial<Record<ShapeName, Check>>): WireValidator {
  return {
    check(shape, value) {
      // hasOwn: a name such as `constructor` must not find Object.prototype's members.
      const check = Object.hasOwn(checks, shape) ? checks[shape] : undefined
      return check?.(value) === true
    },
  }
}
