/**
 * A bounded in-memory cache with a time to live, plus in-flight sharing: concurrent misses for one
 * key wait for the same load instead of each hitting the chain or the database.
 * Hot answers live here, never in PGlite (one query at a time, ~0.4 ms each).
 */
export class TtlCache<V> {
  readonly #entries = new Map<string, { value: V; expires: number }>()
  readonly #loading = new Map<string, Promise<V>>()

  constructor(
    readonly ttlMs: number,
    readonly maxEntries = 10_000,
    readonly now: () => number = Date.now,
  ) {}

  get(key: string): V | undefined {
    const entry = this.#entries.get(key)
    if (!entry) return undefined
    if (entry.expires > this.now()) return entry.value
    this.#entries.delete(key)
    return undefined
  }

  set(key: string, value: V): void {
    // Re-inserting moves the key to the end, so the first key is always the oldest write.
    this.#entries.delete(key)
    this.#entries.set(key, { value, expires: this.now() + this.ttlMs })
    if (this.#entries.size > this.maxEntries) {
      const oldest = this.#entries.keys().next().value
      if (oldest !== undefined) this.#entries.delete(oldest)
    }
  }

  delete(key: string): void {
    this.#entries.delete(key)
  }

  get size(): number {
    return this.#entries.size
  }

  /**
   * The cached value, or `load()`'s result, cached on success; failures are not cached. `fresh`
   * skips both the cached value and any load already running (it may have read older state).
   */
  async getOrLoad(key: string, load: () => Promise<V>, fresh = false): Promise<V> {
    if (fresh) {
      const value = await load()
      this.set(key, value)
      return value
    }
    const hit = this.get(key)
    if (hit !== undefined) return hit
    const running = this.#loading.get(key)
    if (running) return running
    const promise = load().then((value) => {
      this.set(key, value)
      return value
    })
    this.#loading.set(key, promise)
    try {
      return await promise
    } finally {
      this.#loading.delete(key)
    }
  }
}
