/**
 * Caches of spec §9 (balance 30 s, identity 5 min) kept in memory and persisted through the host
 * (ARCHITECTURE.md "Frames may have no storage"): one JSON map per cache in HostStorage, keyed per
 * address and chain. Expired entries are dropped on write; the map is bounded so it never grows
 * past the channel's value size.
 */
import type { HostStorage } from '../core/index.ts'

/** Storage keys (the host adds the `@walletframe/` prefix). */
export const CACHE_KEYS = {
  balance: 'balance-cache',
  identity: 'identity-cache',
} as const

const MAX_ENTRIES = 16

interface Entry {
  at: number
  value: unknown
}

const isEntryMap = (value: unknown): value is Record<string, Entry> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.values(value).every(
    (entry) =>
      typeof entry === 'object' &&
      entry !== null &&
      typeof (entry as Entry).at === 'number' &&
      'value' in entry,
  )

export interface StoredCache<T> {
  get(key: string): T | undefined
  set(key: string, value: T): void
  delete(key: string): void
}

export function cacheKey(address: string, chainId: number): string {
  return `${address.toLowerCase()}@eip155:${chainId}`
}

export function createStoredCache<T>(options: {
  storage: HostStorage
  storageKey: string
  ttlMs: number
  /** Checks a stored value: host storage is the page's, so anything may be in it. */
  isValue: (value: unknown) => value is T
  now?: () => number
}): StoredCache<T> {
  const now = options.now ?? Date.now
  const read = (): Record<string, Entry> => {
    const entries = options.storage.getJson(options.storageKey, isEntryMap) ?? {}
    // A map without a prototype: keys come from storage, so `__proto__` stays an ordinary key.
    return Object.assign(Object.create(null) as Record<string, Entry>, entries)
  }
  const fresh = (entry: Entry | undefined, at: number) =>
    entry !== undefined && entry.at <= at && at - entry.at < options.ttlMs
  const write = (entries: Record<string, Entry>) => {
    const at = now()
    const kept = Object.entries(entries)
      .filter(([, entry]) => fresh(entry, at))
      .sort(([, a], [, b]) => b.at - a.at)
      .slice(0, MAX_ENTRIES)
    if (kept.length === 0) options.storage.remove(options.storageKey)
    else options.storage.setJson(options.storageKey, Object.fromEntries(kept))
  }
  return {
    get(key) {
      const entry = read()[key]
      if (!fresh(entry, now()) || !options.isValue(entry!.value)) return undefined
      return entry!.value
    },
    set(key, value) {
      const entries = read()
      entries[key] = { at: now(), value }
      write(entries)
    },
    delete(key) {
      const entries = read()
      if (!(key in entries)) return
      delete entries[key]
      write(entries)
    },
  }
}
