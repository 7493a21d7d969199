/**
 * sign-client's key-value storage (its IKeyValueStorage: getKeys, getEntries, getItem, setItem,
 * removeItem), persisted through the SDK in the host page's storage: the modal frame may have no
 * storage of its own (ARCHITECTURE.md), and this is how a WalletConnect session survives a reload.
 *
 * Host keys live under a `wc@2:` sub-prefix (so `@walletframe/wc@2:…` in the host page).
 * sign-client's own keys already start with it; its few others (WALLETCONNECT_CLIENT_ID, …) get
 * `wc@2:_/` in front. Values are JSON strings. Reads come from a mirror seeded with the host's
 * entries at the handshake, so they never wait on the channel.
 *
 * The one bounded exception to "nothing is dropped" (issue 10, README): an entry beyond
 * HOST_STORAGE_LIMITS is kept in memory for this page load only, any older copy in the host is
 * removed (a reload must not restore a stale store), and the refusal is logged by its reason.
 * Refusing sign-client's write instead would break the session now rather than after a reload.
 */
import { HOST_STORAGE_LIMITS, MODAL_ERRORS } from '@walletframe/protocol'
import { fitsHostStorage, type HostWriter } from '../core/index.ts'

export const WC_HOST_PREFIX = 'wc@2:'
const FOREIGN_KEY_PREFIX = `${WC_HOST_PREFIX}_/`

export interface KeyValueStorage {
  getKeys(): Promise<string[]>
  getEntries<T = unknown>(): Promise<[string, T][]>
  getItem<T = unknown>(key: string): Promise<T | undefined>
  setItem<T = unknown>(key: string, value: T): Promise<void>
  removeItem(key: string): Promise<void>
}

export function hostKeyFor(key: string): string {
  return key.startsWith(WC_HOST_PREFIX) ? key : `${FOREIGN_KEY_PREFIX}${key}`
}

export function keyForHost(hostKey: string): string | undefined {
  if (hostKey.startsWith(FOREIGN_KEY_PREFIX)) return hostKey.slice(FOREIGN_KEY_PREFIX.length)
  return hostKey.startsWith(WC_HOST_PREFIX) ? hostKey : undefined
}

export function createWalletConnectStorage(options: {
  /** The host's entries from the handshake (ModalInit.storage, keys without `@walletframe/`). */
  initial: Readonly<Record<string, string>>
  host: Pick<HostWriter, 'remove'> & { set(key: string, value: string): void }
  log?: (message: string) => void
}): KeyValueStorage {
  const entries = new Map<string, string>()
  for (const [hostKey, value] of Object.entries(options.initial)) {
    const key = keyForHost(hostKey)
    if (key !== undefined) entries.set(key, value)
  }
  const refused = (what: string) =>
    options.log?.(
      `${MODAL_ERRORS.storageTooLarge.reason}: walletconnect ${what} kept for this page load only`,
    )
  const parse = <T>(raw: string | undefined): T | undefined => {
    if (raw === undefined) return undefined
    try {
      return JSON.parse(raw) as T
    } catch {
      return undefined
    }
  }

  return {
    getKeys: async () => [...entries.keys()],
    getEntries: async <T>() =>
      [...entries].flatMap(([key, raw]): [string, T][] => {
        const value = parse<T>(raw)
        return value === undefined ? [] : [[key, value]]
      }),
    // Parsed on every read, so sign-client never holds an object aliased with the mirror.
    getItem: async <T>(key: string) => parse<T>(entries.get(key)),
    async setItem(key, value) {
      const raw = JSON.stringify(value)
      if (raw === undefined) return this.removeItem(key)
      entries.set(key, raw)
      const hostKey = hostKeyFor(key)
      if (!fitsHostStorage(hostKey)) return refused(key)
      if (raw.length > HOST_STORAGE_LIMITS.valueLength) {
        refused(`${key} (${raw.length} chars)`)
        options.host.remove(hostKey)
        return
      }
      options.host.set(hostKey, raw)
    },
    async removeItem(key) {
      entries.delete(key)
      const hostKey = hostKeyFor(key)
      if (fitsHostStorage(hostKey)) options.host.remove(hostKey)
    },
  }
}
