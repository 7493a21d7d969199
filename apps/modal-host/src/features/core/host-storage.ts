/**
 * The modal has no storage of its own in a cross-site frame (ARCHITECTURE.md): it keeps hints in
 * memory, seeded from the host's `@walletframe` entries, and writes changes back through the SDK.
 * Nothing is dropped silently (issue 10): an entry beyond the channel's limits is refused with a
 * typed error before anything changes, and a write the host page could not keep (quota, blocked
 * storage) is reported with the SDK's typed error.
 */
import {
  HOST_STORAGE_KEY_PATTERN,
  HOST_STORAGE_LIMITS,
  MODAL_ERRORS,
  WalletFrameError,
} from '@walletframe/protocol'

export interface HostStorage {
  get(key: string): string | undefined
  getJson<T>(key: string, isValid: (value: unknown) => value is T): T | undefined
  /** Throws StorageEntryTooLarge for an entry the host may not hold; then nothing changes. */
  set(key: string, value: string): void
  setJson(key: string, value: unknown): void
  remove(key: string): void
}

export interface HostWriter {
  /** The SDK's `storage.set`: settles once the page stored the entry, or with why it could not. */
  set(key: string, value: string): Promise<unknown> | undefined
  remove(key: string): void
}

/** Whether the host may hold this entry at all (HOST_STORAGE_LIMITS, the channel's key shape). */
export function fitsHostStorage(key: string, value = ''): boolean {
  return (
    key.length <= HOST_STORAGE_LIMITS.keyLength &&
    HOST_STORAGE_KEY_PATTERN.test(key) &&
    value.length <= HOST_STORAGE_LIMITS.valueLength
  )
}

export function createHostStorage(
  initial: Record<string, string>,
  write: HostWriter,
  /** A write the host page did not keep: the entry lives in memory for this page load only. */
  onWriteFailed: (key: string, error: unknown) => void,
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
      if (!fitsHostStorage(key, value))
        throw new WalletFrameError(MODAL_ERRORS.storageTooLarge, {
          details: `${key} (${value.length} chars)`,
        })
      if (entries.get(key) === value) return
      entries.set(key, value)
      write.set(key, value)?.catch((error: unknown) => onWriteFailed(key, error))
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
