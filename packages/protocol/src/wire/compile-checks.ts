/**
 * Compiles the subset of JSON Schema that zod's `toJSONSchema` emits for the channel's shapes into
 * one expression per shape over check-runtime.ts's check makers (`obj({ id: str(1, 64) })`). Runs
 * only when the host checks are generated; a keyword outside the subset throws there, so nothing
 * unchecked can ship.
 */
export type JsonSchema = { readonly [keyword: string]: unknown } | boolean

type Schema = { readonly [keyword: string]: unknown }

const IGNORED = new Set(['$schema', 'description'])

/** The keywords each type allows besides `type` itself. */
const TYPE_KEYWORDS: Record<string, string[]> = {
  string: ['minLength', 'maxLength', 'pattern'],
  integer: ['minimum', 'maximum'],
  number: ['minimum', 'maximum'],
  array: ['items', 'minItems', 'maxItems'],
  object: ['properties', 'required', 'additionalProperties', 'propertyNames'],
  boolean: [],
  null: [],
}

/** Arguments of a check maker without the trailing ones left at their default (`undefined`). */
const call = (maker: string, args: (string | undefined)[]) => {
  while (args.length && args[args.length - 1] === undefined) args.pop()
  return `${maker}(${args.map((arg) => arg ?? 'undefined').join(',')})`
}

const bound = (value: unknown, unbounded: number) =>
  value === undefined || Number(value) === unbounded ? undefined : String(Number(value))

/** An expression, over check-runtime.ts's makers, that checks a value against `schema`. */
export function compileCheck(schema: JsonSchema): string {
  if (schema === true) return 'any'
  if (schema === false) return 'anyOf()'
  if (typeof schema !== 'object' || schema === null)
    throw new Error(`not a schema: ${JSON.stringify(schema)}`)
  const keywords = Object.keys(schema).filter((keyword) => !IGNORED.has(keyword))
  if (keywords.length === 0) return 'any'
  // A const or enum says more than its type: its test alone is enough.
  if ('const' in schema || 'enum' in schema) return literalCheck(schema, keywords)
  if ('anyOf' in schema) {
    if (keywords.length > 1) throw new Error(`unsupported keyword beside anyOf: ${keywords.join(', ')}`)
    return `anyOf(${(schema.anyOf as JsonSchema[]).map(compileCheck).join(',')})`
  }
  const { type } = schema
  if (type === undefined) throw new Error(`unsupported keyword without a type: ${keywords.join(', ')}`)
  const allowed = typeof type === 'string' ? TYPE_KEYWORDS[type] : undefined
  if (!allowed) throw new Error(`unsupported type ${JSON.stringify(type)}`)
  for (const keyword of keywords)
    if (keyword !== 'type' && !allowed.includes(keyword)) throw new Error(`unsupported keyword ${keyword}`)
  switch (type) {
    case 'string': {
      // `source` escapes what a regex literal must (a `/`).
      const pattern =
        schema.pattern === undefined ? undefined : `/${new RegExp(String(schema.pattern)).source}/`
      return call('str', [bound(schema.maxLength, Infinity), bound(schema.minLength, 0), pattern])
    }
    case 'integer':
      // A safe integer is within the safe bounds already.
      return call('num', [
        '1',
        bound(schema.minimum, Number.MIN_SAFE_INTEGER),
        bound(schema.maximum, Number.MAX_SAFE_INTEGER),
      ])
    case 'number':
      return call('num', ['0', bound(schema.minimum, -Infinity), bound(schema.maximum, Infinity)])
    case 'array':
      return call('list', [
        compileCheck((schema.items ?? true) as JsonSchema),
        bound(schema.minItems, 0),
        bound(schema.maxItems, Infinity),
      ])
    case 'object':
      return objectCheck(schema)
    case 'boolean':
      return 'bool'
    default:
      return 'is(null)'
  }
}

function literalCheck(schema: Schema, keywords: string[]): string {
  const { type } = schema
  if (type !== undefined && (typeof type !== 'string' || !TYPE_KEYWORDS[type]))
    throw new Error(`unsupported type ${JSON.stringify(type)}`)
  const extra = keywords.filter((keyword) => keyword !== 'type' && keyword !== 'const' && keyword !== 'enum')
  if (extra.length) throw new Error(`unsupported keyword beside const or enum: ${extra.join(', ')}`)
  if ('enum' in schema) return `oneOf(${JSON.stringify(schema.enum)})`
  if (typeof schema.const === 'object' && schema.const !== null) throw new Error('const must be a primitive')
  return `is(${JSON.stringify(schema.const)})`
}

function objectCheck(schema: Schema): string {
  const properties = Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>)
  const required = (schema.required ?? []) as string[]
  const names = properties.map(([name]) => name)
  const undeclared = required.filter((name) => !names.includes(name))
  if (undeclared.length) throw new Error(`required but not a property: ${undeclared.join(', ')}`)
  // A name that is a plain identifier needs no quotes.
  const key = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name))
  const optional = names.filter((name) => !required.includes(name))
  const rest = schema.additionalProperties as JsonSchema | undefined
  return call('obj', [
    `{${properties.map(([name, rule]) => `${key(name)}:${compileCheck(rule)}`).join(',')}}`,
    optional.length ? JSON.stringify(optional) : undefined,
    rest === undefined ? undefined : rest === false ? 'false' : compileCheck(rest),
    schema.propertyNames === undefined ? undefined : compileCheck(schema.propertyNames as JsonSchema),
  ])
}
