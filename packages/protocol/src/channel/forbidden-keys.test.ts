import { describe, expect, it } from 'vitest'
import { hasForbiddenKeys } from './forbidden-keys.ts'

/** An object nested `depth` levels below the top: nest(0) is `{}`. */
function nest(depth: number): unknown {
  let value: unknown = {}
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { child: value }
  return value
}

describe('hasForbiddenKeys', () => {
  it('is false for primitives and for ordinary objects and arrays', () => {
    for (const value of [null, undefined, 0, 'constructor', true, {}, [], { a: [1, { b: 'x' }] }]) {
      expect(hasForbiddenKeys(value)).toBe(false)
    }
  })

  it('finds an own __proto__ key, as JSON.parse creates it', () => {
    expect(hasForbiddenKeys(JSON.parse('{"__proto__":{"polluted":true}}'))).toBe(true)
  })

  it('finds a constructor key', () => {
    expect(hasForbiddenKeys({ constructor: { prototype: { polluted: true } } })).toBe(true)
  })

  it('finds a prototype key', () => {
    expect(hasForbiddenKeys({ prototype: 1 })).toBe(true)
  })

  it('finds a forbidden key nested deep in objects and arrays', () => {
    expect(hasForbiddenKeys(JSON.parse('{"a":[{"b":{"c":[[{"__proto__":1}]]}}]}'))).toBe(true)
    expect(hasForbiddenKeys({ a: [{ b: { c: [[{ constructor: 1 }]] } }] })).toBe(true)
  })

  it('does not mistake look-alike keys for forbidden ones', () => {
    expect(hasForbiddenKeys({ Constructor: 1, __proto: 1, proto: 1, prototypes: 1, 'constructor ': 1 })).toBe(
      false,
    )
  })

  it('accepts nesting 32 levels deep and rejects 33', () => {
    expect(hasForbiddenKeys(nest(32))).toBe(false)
    expect(hasForbiddenKeys(nest(33))).toBe(true)
  })

  it('rejects a cyclic value as too deep instead of walking forever', () => {
    const cyclic: Record<string, unknown> = {}
    cyclic.self = cyclic
    expect(hasForbiddenKeys(cyclic)).toBe(true)
  })

  it('accepts 20,000 objects and rejects 20,001', () => {
    const items = (count: number) => Array.from({ length: count }, () => ({}))
    expect(hasForbiddenKeys(items(19_999))).toBe(false) // plus the array itself: 20,000
    expect(hasForbiddenKeys(items(20_000))).toBe(true)
  })

  it('counts a shared object each time it is reached, so a small DAG cannot make it walk forever', () => {
    let value: Record<string, unknown> = {}
    for (let i = 0; i < 30; i++) value = { a: value, b: value } // 2^30 paths
    expect(hasForbiddenKeys(value)).toBe(true)
  })

  it('does not count primitives against the size limit', () => {
    expect(hasForbiddenKeys(Array.from({ length: 100_000 }, (_, i) => i))).toBe(false)
  })
})
