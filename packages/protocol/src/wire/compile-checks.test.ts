import { describe, expect, it } from 'vitest'
import {
  any,
  anyOf,
  bool,
  type Check,
  createCheckValidator,
  is,
  isObject,
  list,
  num,
  obj,
  oneOf,
  str,
} from './check-runtime.ts'

const MAKERS = { any, anyOf, bool, is, list, num, obj, oneOf, str }

import { compileCheck, type JsonSchema } from './compile-checks.ts'
import type { ShapeName } from './validator.ts'

/** Compiles `schema` as the generator does and runs the check on `value`. */
function matchesJsonSchema(schema: JsonSchema, value: unknown): boolean {
  const make = new Function(...Object.keys(MAKERS), `return ${compileCheck(schema)}`)
  return (make(...Object.values(MAKERS)) as Check)(value)
}

describe('compiled checks', () => {
  it('refuse to compile a keyword outside the subset, so nothing unchecked can ship', () => {
    expect(matchesJsonSchema({ type: 'string' }, 'a@b.example')).toBe(true)
    expect(() => compileCheck({ type: 'string', format: 'email' })).toThrow(/format/)
    expect(() => compileCheck({ not: { type: 'number' } })).toThrow(/not/)
    expect(() => compileCheck({ maxLength: 3 })).toThrow(/type/)
    expect(() => compileCheck({ type: 'number', maxLength: 3 })).toThrow(/maxLength/)
    expect(() => compileCheck({ anyOf: [true], maxLength: 3 })).toThrow(/maxLength/)
  })

  it('refuse an unknown keyword nested inside a property', () => {
    const schema = { type: 'object', properties: { a: { type: 'string', contentEncoding: 'base64' } } }
    expect(() => compileCheck(schema)).toThrow(/contentEncoding/)
  })

  it('refuse a type outside the subset', () => {
    expect(() => compileCheck({ type: 'bigint' })).toThrow(/type/)
    expect(() => compileCheck({ type: ['string', 'null'] })).toThrow(/type/)
  })

  it('check a regular expression with a slash in it as written', () => {
    const schema = { type: 'string', pattern: '^[a-z/]+$' }
    expect(matchesJsonSchema(schema, 'a/b')).toBe(true)
    expect(matchesJsonSchema(schema, 'a b')).toBe(false)
  })

  it('check an enum and a const without the type test they make redundant', () => {
    expect(matchesJsonSchema({ type: 'string', enum: ['a', 'b'] }, 'b')).toBe(true)
    expect(matchesJsonSchema({ type: 'string', enum: ['a', 'b'] }, 'c')).toBe(false)
    expect(matchesJsonSchema({ type: 'number', const: 1 }, '1')).toBe(false)
  })

  it('treats the boolean schemas true and false as "anything" and "nothing"', () => {
    expect(matchesJsonSchema({ type: 'array', items: true }, [1, 'a'])).toBe(true)
    expect(matchesJsonSchema({ type: 'array', items: false }, [1])).toBe(false)
    expect(matchesJsonSchema({ anyOf: [false] }, 1)).toBe(false)
  })

  it('accepts anything with the empty schema', () => {
    for (const value of [null, 0, '', [], {}, undefined]) expect(matchesJsonSchema({}, value)).toBe(true)
  })

  it('refuses non-finite numbers for the type number', () => {
    expect(matchesJsonSchema({ type: 'number' }, Number.NaN)).toBe(false)
    expect(matchesJsonSchema({ type: 'number' }, Number.POSITIVE_INFINITY)).toBe(false)
    expect(matchesJsonSchema({ type: 'number' }, 1.5)).toBe(true)
  })

  it('does not count arrays or null as objects', () => {
    expect(matchesJsonSchema({ type: 'object' }, [])).toBe(false)
    expect(matchesJsonSchema({ type: 'object' }, null)).toBe(false)
  })

  it('refuses a required key that is no property (its check would be missing)', () => {
    expect(() => compileCheck({ type: 'object', properties: {}, required: ['a'] })).toThrow(/a/)
  })

  it('compiles to short calls of the check makers (the SDK ships this text)', () => {
    const schema = {
      type: 'object',
      properties: { id: { type: 'string', minLength: 1, maxLength: 64 }, n: { type: 'integer', minimum: 1 } },
      required: ['id'],
    }
    expect(compileCheck(schema)).toBe('obj({id:str(64,1),n:num(1,1)},["n"])')
  })

  it('requires every required key to be an own key', () => {
    const schema = { type: 'object', properties: { a: {} }, required: ['a'] }
    expect(matchesJsonSchema(schema, {})).toBe(false)
    expect(matchesJsonSchema(schema, Object.create({ a: 1 }))).toBe(false)
    expect(matchesJsonSchema(schema, { a: 1 })).toBe(true)
  })

  it('treats an optional key set to undefined as absent', () => {
    const schema = { type: 'object', properties: { a: { type: 'string' } } }
    expect(matchesJsonSchema(schema, { a: undefined })).toBe(true)
    expect(matchesJsonSchema({ ...schema, required: ['a'] }, { a: undefined })).toBe(false)
  })

  it('checks keys not listed in properties against additionalProperties', () => {
    const record = { type: 'object', additionalProperties: { type: 'string' } }
    expect(matchesJsonSchema(record, { a: 'x' })).toBe(true)
    expect(matchesJsonSchema(record, { a: 1 })).toBe(false)
    expect(matchesJsonSchema(record, { a: undefined })).toBe(false)
    expect(matchesJsonSchema({ type: 'object', properties: {}, additionalProperties: false }, { a: 1 })).toBe(
      false,
    )
  })

  it('checks every key against propertyNames', () => {
    const schema = { type: 'object', propertyNames: { type: 'string', maxLength: 3 } }
    expect(matchesJsonSchema(schema, { abc: 1 })).toBe(true)
    expect(matchesJsonSchema(schema, { abcd: 1 })).toBe(false)
  })

  it('checks string, number and array bounds only on values of their type', () => {
    const schema = {
      anyOf: [
        { type: 'string', maxLength: 2 },
        { type: 'integer', minimum: 1, maximum: 3 },
      ],
    }
    expect(matchesJsonSchema(schema, 'ab')).toBe(true)
    expect(matchesJsonSchema(schema, 'abc')).toBe(false)
    expect(matchesJsonSchema(schema, 3)).toBe(true)
    expect(matchesJsonSchema(schema, 4)).toBe(false)
    expect(matchesJsonSchema({ type: 'array', minItems: 1, maxItems: 2, items: { const: 1 } }, [1, 1])).toBe(
      true,
    )
    expect(matchesJsonSchema({ type: 'array', minItems: 1, maxItems: 2, items: { const: 1 } }, [])).toBe(
      false,
    )
    expect(matchesJsonSchema({ type: 'array', minItems: 1, maxItems: 2, items: { const: 1 } }, [1, 2])).toBe(
      false,
    )
  })

  it('matches pattern as a regular expression over the whole string when anchored', () => {
    const schema = { type: 'string', pattern: '^[a-z]+$' }
    expect(matchesJsonSchema(schema, 'abc')).toBe(true)
    expect(matchesJsonSchema(schema, 'abc1')).toBe(false)
  })
})

describe('createCheckValidator', () => {
  const validator = createCheckValidator({ envelope: isObject })

  it('checks a value against the schema of the named shape', () => {
    expect(validator.check('envelope', {})).toBe(true)
    expect(validator.check('envelope', 1)).toBe(false)
  })

  it('never accepts a value for a shape it has no schema for', () => {
    expect(validator.check('hello', {})).toBe(false)
  })

  it('never finds a schema among the members of Object.prototype', () => {
    for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      expect(validator.check(name as ShapeName, {})).toBe(false)
    }
  })
})
