/**
 * The modal has no storage of its own in a cross-site frame (ARCHITECTURE.md): it keeps hints in
 * memory, seeded from the host's `@walletframe` entries, and writes changes back through the SDK.
 */
export interface HostStorage {
  get(key: string): string | undefined
  getJson<T>(key: string, isValid: (value: unknown) => value is T): T | undefined
  set(key: string, value: string): void
  setJson(key: string, value: unknown): void
  remove(key: string): void
}

export function createHostStorage(
  initial: Record<string, string>,
  write: { set(key: string, value: string): void; remove(key: string): void },
): HostStorage {
  const entries = new Map(Object.entries(initial))
  return {
    get: (key) => entries.get(key),
    getJson(key, isValid) {
      const raw = entries.get(key)
      if (raw === undefined) return undefined
      try {
        const value: unknown = JSON.parse(raw)
        return isValid(value) ? value : undefined
      } catch {
        return undefined
      }
    },
    set(key, value) {
      if (entries.get(key) === value) return
      entries.set(key, value)
      write.set(key, value)
    },
    setJson(key, value) {
      this.set(key, JSON.stringify(value))
    },
    remove(key) {
      if (!entries.delete(key)) return
      write.remove(key)
    },
  }
}
