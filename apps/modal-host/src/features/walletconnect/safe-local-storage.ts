/**
 * sign-client's bundle reads `window.localStorage` while it loads (its key-value storage module
 * picks a default store at import time). In a cross-site frame whose storage is blocked that read
 * throws a SecurityError and the whole chunk fails before any `init()`. So before importing it,
 * the frame gets a memory-backed stand-in wherever reading the real one throws. Nothing that must
 * survive a reload goes there: sign-client gets its own storage that persists through the SDK.
 */

class MemoryStorage implements Storage {
  #items = new Map<string, string>()
  get length(): number {
    return this.#items.size
  }
  clear(): void {
    this.#items.clear()
  }
  getItem(key: string): string | null {
    return this.#items.get(String(key)) ?? null
  }
  key(index: number): string | null {
    return [...this.#items.keys()][index] ?? null
  }
  removeItem(key: string): void {
    this.#items.delete(String(key))
  }
  setItem(key: string, value: string): void {
    this.#items.set(String(key), String(value))
  }
}

/** Returns which storage code in this frame will see: the browser's, or the memory stand-in. */
export function ensureSafeLocalStorage(win: Window & typeof globalThis = window): 'native' | 'memory' {
  try {
    // Chromium throws on the property read itself; other browsers may throw on first use.
    const storage = win.localStorage
    if (storage) {
      void storage.length
      return 'native'
    }
  } catch {
    // blocked: replaced below
  }
  Object.defineProperty(win, 'localStorage', {
    value: new MemoryStorage(),
    configurable: true,
    enumerable: true,
    writable: false,
  })
  return 'memory'
}
