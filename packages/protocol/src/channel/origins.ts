/**
 * Origins are compared exactly: scheme, host and port, as `URL.origin` serialises them.
 * The opaque origin `"null"` is never allowed.
 */
export function normalizeOrigin(value: string): string | undefined {
  if (value === 'null') return undefined
  try {
    const url = new URL(value)
    if (url.origin === 'null') return undefined
    return url.origin
  } catch {
    return undefined
  }
}

export function createOriginCheck(allowed: readonly string[]): (origin: string) => boolean {
  const exact = new Set(allowed.map(normalizeOrigin).filter((o): o is string => o !== undefined))
  return (origin) => origin !== 'null' && exact.has(origin)
}
