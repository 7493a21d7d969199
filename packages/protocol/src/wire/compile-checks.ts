/**
 * Compiles the subset of JSON Schema that zod's `toJSONSchema` emits for the channel's shapes into
 * JavaScript checks (expressions over check-runtime.ts). Runs only when the host checks are
 * generated; a keyword outside the subset throws there, so nothing unchecked can ship.
 */
export type JsonSchema = { readonly [keyword: string]: unknown } | boolean

const IGNORED = new Set(['$schema', 'description'])
const OBJECT_KEYWORDS = new Set(['properties', 'required', 'additionalProperties', 'propertyNames'])

const TYPE_TESTS: Record<string, (v: string) => string> = {
  object: (v) => `isObject(${v})`,
  array: (v) => `Array.isArray(${v})`,
  string: (v) => `typeof ${v}==="string"`,
  number: (v) => `typeof ${v}==="number"&&Number.isFinite(${v})`,
  integer: (v) => `typeof ${v}==="number"&&Number.isSafeInteger(${v})`,
  boolean: (v) => `typeof ${v}==="boolean"`,
  null: (v) => `${v}===null`,
}

/** The type a keyword applies to, and how to test for it when the schema does not say. */
const GUARDS: Record<string, [string, (v: string) => string]> = {
  minLength: ['string', (v) => `typeof ${v}!=="string"`],
  maxLength: ['string', (v) => `typeof ${v}!=="string"`],
  pattern: ['string', (v) => `typeof ${v}!=="string"`],
  minimum: ['number', (v) => `typeof ${v}!=="number"`],
  maximum: ['number', (v) => `typeof ${v}!=="number"`],
  minItems: ['array', (v) => `!Array.isArray(${v})`],
  maxItems: ['array', (v) => `!Array.isArray(${v})`],
  items: ['array', (v) => `!Array.isArray(${v})`],
}

/** An expression that is true when the value in variable `v` matches `schema`. */
export function compileCheck(schema: JsonSchema, v = 'v', depth = 0): string {
  if (typeof schema === 'boolean') return String(schema)
  if (typeof schema !== 'object' || schema === null)
    throw new Error(`not a schema: ${JSON.stringify(schema)}`)
  const { type } = schema
  const parts: string[] = []
  const typed = (keyword: string) => {
    const [applies, guard] = GUARDS[keyword]!
    const known = type === applies || (applies === 'number' && type === 'integer')
    return (test: string) => parts.push(known ? test : `(${guard(v)}||${test})`)
  }
  // The type test first: the tests of other keywords rely on it (a `.length` of null would throw).
  const keywords = Object.entries(schema).sort(([a], [b]) => Number(b === 'type') - Number(a === 'type'))
  for (const [keyword, rule] of keywords) {
    if (IGNORED.has(keyword) || OBJECT_KEYWORDS.has(keyword)) continue
    switch (keyword) {
      case 'type': {
        // A const or enum of the type says more than the type: its test alone is enough.
        if ('const' in schema || 'enum' in schema) {
          if (typeof rule !== 'string' || !TYPE_TESTS[rule])
            throw new Error(`unsupported type ${JSON.stringify(rule)}`)
          break
        }
        const test = typeof rule === 'string' ? TYPE_TESTS[rule] : undefined
        if (!test) throw new Error(`unsupported type ${JSON.stringify(rule)}`)
        parts.push(test(v))
        break
      }
      case 'const':
        if (typeof rule === 'object' && rule !== null) throw new Error('const must be a primitive')
        parts.push(`${v}===${JSON.stringify(rule)}`)
        break
      case 'enum':
        parts.push(`oneOf(${JSON.stringify(rule)},${v})`)
        break
      case 'anyOf':
        parts.push(`(${(rule as JsonSchema[]).map((option) => compileCheck(option, v, depth)).join('||')})`)
        break
      case 'minLength':
      case 'minItems':
        typed(keyword)(`${v}.length>=${Number(rule)}`)
        break
      case 'maxLength':
      case 'maxItems':
        typed(keyword)(`${v}.length<=${Number(rule)}`)
        break
      case 'minimum':
        // A safe integer is within these already.
        if (type !== 'integer' || Number(rule) > Number.MIN_SAFE_INTEGER)
          typed(keyword)(`${v}>=${Number(rule)}`)
        break
      case 'maximum':
        if (type !== 'integer' || Number(rule) < Number.MAX_SAFE_INTEGER)
          typed(keyword)(`${v}<=${Number(rule)}`)
        break
      case 'pattern':
        // `source` escapes what a regex literal must (a `/`).
        typed(keyword)(`/${new RegExp(String(rule)).source}/.test(${v})`)
        break
      case 'items': {
        const item = `x${depth + 1}`
        const test = compileCheck(rule as JsonSchema, item, depth + 1)
        typed(keyword)(test === 'true' ? 'true' : `${v}.every((${item})=>${test})`)
        break
      }
      default:
        throw new Error(`unsupported keyword ${keyword}`)
    }
  }
  if (Object.keys(schema).some((keyword) => OBJECT_KEYWORDS.has(keyword)))
    parts.push(objectCheck(schema, v, depth))
  return parts.length ? parts.join('&&') : 'true'
}

function objectCheck(schema: { readonly [keyword: string]: unknown }, v: string, depth: number): string {
  const key = `x${depth + 1}`
  const lambda = (rule: JsonSchema) => {
    const test = compileCheck(rule, key, depth + 1)
    return test === 'true' ? '()=>true' : `(${key})=>${test}`
  }
  const properties = Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>)
    .map(([name, rule]) => `${JSON.stringify(name)}:${lambda(rule)}`)
    .join(',')
  const args = [v, `{${properties}}`, JSON.stringify(schema.required ?? [])]
  const rest = schema.additionalProperties as JsonSchema | undefined
  const names = schema.propertyNames as JsonSchema | undefined
  if (rest !== undefined || names !== undefined)
    args.push(rest === undefined ? 'undefined' : rest === false ? 'false' : lambda(rest))
  if (names !== undefined) args.push(lambda(names))
  return `objectMatches(${args.join(',')})`
}
