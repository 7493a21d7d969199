/**
 * A WalletConnect key-value storage in memory: the SDK's default Node storage writes a
 * `walletconnect.db` file into the working directory. It imports no WalletConnect package, so the
 * interoperability matrix hands it to every client version without mixing their module graphs.
 */
export function memoryStorage() {
  const entries = new Map<string, unknown>()
  return {
    getKeys: async () => [...entries.keys()],
    getEntries: async <T = unknown>() => [...entries.entries()] as [string, T][],
    getItem: async <T = unknown>(key: string) => entries.get(key) as T | undefined,
    setItem: async <T = unknown>(key: string, value: T) => {
      entries.set(key, value)
    },
    removeItem: async (key: string) => {
      entries.delete(key)
    },
  }
}
