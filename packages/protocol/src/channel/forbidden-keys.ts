/** Keys that could reach an object prototype if a handler ever merged a payload into an object. */
export const FORBIDDEN_KEYS = ['__proto__', 'constructor', 'prototype'] as const
const FORBIDDEN = new Set<string>(FORBIDDEN_KEYS)
const MAX_DEPTH = 32
const MAX_NODES = 20_000

/**
 * True when `value` holds a forbidden key at any depth, or is too deep or too large to walk:
 * such a message is rejected before any schema looks at it.
 */
export function hasForbiddenKeys(value: unknown): boolean {
  let nodes = 0
  const walk = (node: unknown, depth: number): boolean => {
    if (typeof node !== 'object' || node === null) return false
    if (++nodes > MAX_NODES || depth > MAX_DEPTH) return true
    if (Array.isArray(node)) return node.some((item) => walk(item, depth + 1))
    for (const key of Object.keys(node)) {
      if (FORBIDDEN.has(key)) return true
      if (walk((node as Record<string, unknown>)[key], depth + 1)) return true
    }
    return false
  }
  return walk(value, 0)
}
