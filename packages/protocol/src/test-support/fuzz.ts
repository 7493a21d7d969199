/**
 * Property-based fuzzing support (issue 10 point 4), shared through `@walletframe/protocol/fuzz` by
 * the channel's fuzz tests and the services' (data API, key server, relay): hostile values, and
 * valid-shaped values derived from the protocol's own zod shapes, so the fuzzers follow the
 * contracts instead of retyping them. Test code only: nothing of the product imports this.
 */
import fc from 'fast-check'
import type * as z from 'zod/mini'
import { FORBIDDEN_KEYS } from '../channel/forbidden-keys.ts'

/**
 * Generated inputs per method or route: `WF_FUZZ_RUNS` (the bar is 10,000), else
 * `fallback`, the reduced count `npm test` runs.
 */
export function fuzzRuns(fallback: number): number {
  const runs = Number(process.env.WF_FUZZ_RUNS)
  return Number.isSafeInteger(runs) && runs > 0 ? runs : fallback
}

/** A string of up to `maxBytes` characters, made by repetition so that generating it stays cheap. */
export const hugeString = (maxBytes = 300_000): fc.Arbitrary<string> =>
  fc
    .tuple(fc.string({ minLength: 1, maxLength: 8 }), fc.integer({ min: 1_000, max: maxBytes }))
    .map(([unit, length]) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length))

/** Arrays and objects nested up to `maxDepth` levels, far past any shape's depth. */
export const deeplyNested = (maxDepth = 1_000): fc.Arbitrary<unknown> =>
  fc.tuple(fc.integer({ min: 30, max: maxDepth }), fc.boolean()).map(([depth, arrays]) => {
    let value: unknown = 'leaf'
    for (let i = 0; i < depth; i++) value = arrays ? [value] : { a: value }
    return value
  })

/**
 * `value` with a forbidden key (`__proto__`, `constructor`, `prototype`) as an own property at the
 * top or one level down, as JSON.parse and structured clone create it.
 */
export const withForbiddenKey = (value: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> =>
  fc
    .tuple(value, fc.constantFrom(...FORBIDDEN_KEYS), fc.jsonValue({ maxDepth: 2 }), fc.boolean())
    .map(([base, key, payload, nested]) => {
      const target: Record<string, unknown> =
        typeof base === 'object' && base !== null && !Array.isArray(base) ? { ...base } : { base }
      const poisoned = JSON.parse(`{${JSON.stringify(key)}:${JSON.stringify(payload) ?? 'null'}}`)
      if (nested) target.inner = poisoned
      else Object.defineProperty(target, key, { value: payload, enumerable: true, configurable: true })
      return target
    })

/** Anything a hostile peer may send: ordinary JSON and values of every type, huge, deep or poisoned. */
export const hostileValue = (): fc.Arbitrary<unknown> =>
  fc.oneof(
    { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 4 },
    { arbitrary: fc.anything({ maxDepth: 3, withBigInt: true, withDate: true, withMap: true }), weight: 2 },
    { arbitrary: withForbiddenKey(fc.jsonValue({ maxDepth: 2 })), weight: 2 },
    { arbitrary: hugeString(), weight: 1 },
    { arbitrary: deeplyNested(), weight: 1 },
  )

type Def = { type: string; [key: string]: unknown }
type CheckDef = { check: string; [key: string]: unknown }

const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def
const checksOf = (def: Def): CheckDef[] =>
  ((def.checks as { _zod: { def: CheckDef } }[] | undefined) ?? []).map((check) => check._zod.def)

/** A pattern fast-check can generate from, or an arbitrary string where it cannot (lookarounds). */
function matching(pattern: RegExp): fc.Arbitrary<string> {
  try {
    return fc.stringMatching(pattern)
  } catch {
    return fc.string()
  }
}

function stringOf(def: Def): fc.Arbitrary<string> {
  const checks = checksOf(def)
  // A format (uuid, email…) carries its pattern on the schema itself; z.regex adds a check.
  const pattern = (def.pattern ?? checks.find((check) => check.format === 'regex')?.pattern) as
    | RegExp
    | undefined
  const max = checks.find((check) => check.check === 'max_length')?.maximum as number | undefined
  const min = checks.find((check) => check.check === 'min_length')?.minimum as number | undefined
  const base = pattern ? matching(pattern) : fc.string({ minLength: min ?? 0, maxLength: max ?? 40 })
  // A pattern says nothing of length: cut to the limit, so that most values are valid.
  return max === undefined ? base : base.map((text) => text.slice(0, max))
}

function numberOf(def: Def): fc.Arbitrary<number> {
  const checks = checksOf(def)
  const low = checks.find((check) => check.check === 'greater_than')?.value as number | undefined
  const high = checks.find((check) => check.check === 'less_than')?.value as number | undefined
  const integer = checks.some((check) => check.check === 'number_format')
  const bounds = { min: low ?? -(2 ** 53 - 1), max: high ?? 2 ** 53 - 1 }
  return integer ? fc.maxSafeInteger().filter((n) => n >= bounds.min && n <= bounds.max) : fc.double(bounds)
}

/**
 * Values shaped like `schema` with random contents: the fields, types, enums and literals it names,
 * strings from its patterns and lengths. Most are valid; some miss a check the generator does not
 * model, which the receiver must refuse like any other invalid input.
 */
export function shapedLike(schema: z.ZodMiniType): fc.Arbitrary<unknown> {
  const def = defOf(schema)
  switch (def.type) {
    case 'string':
      return stringOf(def)
    case 'number':
      return numberOf(def)
    case 'boolean':
      return fc.boolean()
    case 'null':
      return fc.constant(null)
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]))
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, unknown>))
    case 'pipe':
      // What goes in is what a client sends: a query string's text before it becomes a number.
      return shapedLike(def.in as z.ZodMiniType)
    case 'default':
    case 'optional':
      return fc.option(shapedLike(def.innerType as z.ZodMiniType), { nil: undefined })
    case 'nullable':
      return fc.option(shapedLike(def.innerType as z.ZodMiniType), { nil: null })
    case 'array':
      return fc.array(shapedLike(def.element as z.ZodMiniType), { maxLength: 4 })
    case 'union':
      return fc.oneof(...(def.options as z.ZodMiniType[]).map(shapedLike))
    case 'record':
      return fc.dictionary(fc.string({ maxLength: 12 }), shapedLike(def.valueType as z.ZodMiniType), {
        maxKeys: 4,
      })
    case 'object': {
      const fields = Object.fromEntries(
        Object.entries(def.shape as Record<string, z.ZodMiniType>).map(([key, field]) => [
          key,
          shapedLike(field),
        ]),
      )
      // Now and then with fields left out, as a peer that skips a required one sends it.
      return fc.oneof(
        { arbitrary: fc.record(fields), weight: 4 },
        { arbitrary: fc.record(fields, { requiredKeys: [] }), weight: 1 },
      )
    }
    default:
      return fc.jsonValue({ maxDepth: 2 })
  }
}
