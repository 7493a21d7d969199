/**
 * A checker for the subset of JSON Schema that zod's `toJSONSchema` emits for the channel's
 * shapes. Small on purpose: it runs in the host SDK. Unknown keywords fail closed.
 */
import type { ShapeName, WireValidator } from './validator.ts'

export type JsonSchema = { readonly [keyword: string]: unknown }

const IGNORED = new Set(['$schema', 'description'])
/** Checked by `objectMatches` once the keywords that apply to any value have passed. */
const OBJECT_KEYWORDS = new Set(['properties', 'required', 'additionalProperties', 'propertyNames'])

function typeMatches(type: unknown, value: unknown): boolean {
  switch (type) {
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value)
    case 'array':
      return Array.isArray(value)
    case 'string':
      return typeof value === 'string'
    case 'number':
      return typeof value === 'number' && Number.isFinite(value)
    case 'integer':
      return Number.isInteger(value)
    case 'boolean':
      return typeof value === 'boolean'
    case 'null':
      return value === null
    default:
      return false
  }
}

export function matchesJsonSchema(schema: JsonSchema, value: unknown): boolean {
  // Boolean schemas (`true` accepts anything, `false` nothing); any other non-object fails closed.
  if (typeof schema !== 'object' || schema === null) return (schema as unknown) === true
  for (const keyword in schema) {
    const rule = schema[keyword] as never
    if (IGNORED.has(keyword) || OBJECT_KEYWORDS.has(keyword)) continue
    let ok: boolean
    switch (keyword) {
      case 'type':
        ok = typeMatches(rule, value)
        break
      case 'const':
        ok = value === rule
        break
      case 'enum':
        ok = (rule as unknown[]).includes(value)
        break
      case 'anyOf':
        ok = (rule as JsonSchema[]).some((option) => matchesJsonSchema(option, value))
        break
      case 'minLength':
        ok = typeof value !== 'string' || value.length >= rule
        break
      case 'maxLength':
        ok = typeof value !== 'string' || value.length <= rule
        break
      case 'pattern':
        ok = typeof value !== 'string' || new RegExp(rule).test(value)
        break
      case 'minimum':
        ok = typeof value !== 'number' || value >= rule
        break
      case 'maximum':
        ok = typeof value !== 'number' || value <= rule
        break
      case 'minItems':
        ok = !Array.isArray(value) || value.length >= rule
        break
      case 'maxItems':
        ok = !Array.isArray(value) || value.length <= rule
        break
      case 'items':
        ok = !Array.isArray(value) || value.every((item) => matchesJsonSchema(rule, item))
        break
      default:
        return false
    }
    if (!ok) return false
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return true
  return objectMatches(schema, value as Record<string, unknown>)
}

function objectMatches(schema: JsonSchema, value: Record<string, unknown>): boolean {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>
  const required = (schema.required ?? []) as string[]
  for (const key of required) if (!Object.hasOwn(value, key)) return false
  const additional = schema.additionalProperties as JsonSchema | false | undefined
  const propertyNames = schema.propertyNames as JsonSchema | undefined
  for (const key of Object.keys(value)) {
    if (propertyNames !== undefined && !matchesJsonSchema(propertyNames, key)) return false
    const declared = Object.hasOwn(properties, key)
    const property = declared ? properties[key] : additional
    if (property === false) return false
    // An optional key set to `undefined` (postMessage keeps it, JSON would not) is absent, as in zod.
    if (declared && value[key] === undefined && !required.includes(key)) continue
    if (property !== undefined && !matchesJsonSchema(property, value[key])) return false
  }
  return true
}

export function createJsonSchemaValidator(shapes: Partial<Record<ShapeName, JsonSchema>>): WireValidator {
  return {
    check(shape, value) {
      // hasOwn: a name such as `constructor` must not find Object.prototype's members.
      const schema = Object.hasOwn(shapes, shape) ? shapes[shape] : undefined
      return schema !== undefined && matchesJsonSchema(schema, value)
    },
  }
}
