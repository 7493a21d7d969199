/**
 * What the generated host checks (host-checks.generated.ts) are built from: a few check makers,
 * tiny on purpose, as they ship in the host SDK. compile-checks.ts turns each zod shape's JSON
 * Schema into calls of these (`obj({ id: str(1, 64) })`), so the SDK carries one short expression
 * per shape, and no schema interpreter.
 */
import type { ShapeName, WireValidator } from './validator.ts'

export type Check = (value: unknown) => boolean

/** Named once: the SDK bundle then spells it once. */
const UNBOUNDED = Number.POSITIVE_INFINITY

/** A plain object: not null, not an array. */
export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** The empty schema (`true`): anything. */
export const any: Check = () => true

/** The const keyword. */
export const is =
  (constant: unknown): Check =>
  (value) =>
    value === constant

/** The enum keyword: one of these. */
export const oneOf =
  (values: readonly unknown[]): Check =>
  (value) =>
    values.includes(value)

/** The anyOf keyword; with no checks, the schema `false`: nothing. */
export const anyOf =
  (...checks: Check[]): Check =>
  (value) =>
    checks.some((check) => check(value))

/** The boolean type. */
export const bool: Check = (value) => typeof value === 'boolean'

/** The string type, with its maxLength, minLength and pattern (most strings have a maxLength only). */
export const str =
  (max = UNBOUNDED, min = 0, pattern?: RegExp): Check =>
  (value) =>
    typeof value === 'string' &&
    value.length >= min &&
    value.length <= max &&
    (!pattern || pattern.test(value))

/** The integer (`whole`) or number type, with its minimum and maximum. */
export const num =
  (whole: 0 | 1, min = -UNBOUNDED, max = UNBOUNDED): Check =>
  (value) =>
    (whole ? Number.isSafeInteger(value) : Number.isFinite(value)) &&
    (value as number) >= min &&
    (value as number) <= max

/** The array type, with its items, minItems and maxItems. */
export const list =
  (item: Check, min = 0, max = UNBOUNDED): Check =>
  (value) =>
    Array.isArray(value) && value.length >= min && value.length <= max && value.every(item)

/**
 * The object type: every key of `properties` not in `optional` is an own key, each key passes its
 * property's check, and a key no property declares passes `rest` (`false`: not allowed; absent:
 * anything) and `names`. An optional key set to `undefined` (postMessage keeps it, JSON would not)
 * counts as absent, as in zod.
 */
export const obj =
  (
    properties: Record<string, Check>,
    optional: readonly string[] = [],
    rest?: Check | false,
    names?: Check,
  ): Check =>
  (value) => {
    if (!isObject(value)) return false
    for (const key in properties) if (!optional.includes(key) && !Object.hasOwn(value, key)) return false
    for (const key of Object.keys(value)) {
      const declared = Object.hasOwn(properties, key)
      const check = declared ? properties[key] : rest
      if ((names && !names(key)) || check === false) return false
      if (declared && value[key] === undefined && optional.includes(key)) continue
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
