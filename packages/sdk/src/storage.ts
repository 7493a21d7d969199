/**
 * Connection hints in the host page's localStorage. The modal frame may have no storage of its own
 * (cross-site frames are denied it), so it persists its non-secret hints here, over the channel.
 * Storage can be missing or throw (blocked, private mode): then there are simply no hints, and a
 * write the page cannot keep (blocked, quota exceeded) is answered with a typed error, not dropped.
 */
import {
  HOST_STORAGE_LIMITS,
  HOST_STORAGE_WRITE_FAILED,
  STORAGE_PREFIX,
  WalletFrameError,
} from '@walletframe/protocol/host'

const PREFIX = `${STORAGE_PREFIX}/`

/** Every `@walletframe/` entry, prefix stripped; entries the modal's init would refuse (too long) are left out. */
export function readHints(win: Window): Record<string, string> {
  const hints: Record<string, string> = {}
  try {
    const storage = win.localStorage
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i) ?? ''
      const value = storage.getItem(key) ?? ''
      if (
        key.startsWith(PREFIX) &&
        key.length <= PREFIX.length + HOST_STORAGE_LIMITS.keyLength &&
        value.length <= HOST_STORAGE_LIMITS.valueLength
      ) {
        hints[key.slice(PREFIX.length)] = value
      }
    }
  } catch {
    // no storage: no hints
  }
  return hints
}

/** Writes `@walletframe/<key>`; throws HostStorageWriteFailed (with the browser's reason) if the page cannot. */
export function writeHint(win: Window, key: string, value: string): null {
  try {
    win.localStorage.setItem(PREFIX + key, value)
    return null
  } catch (error) {
    throw new WalletFrameError(HOST_STORAGE_WRITE_FAILED, { details: (error as Error).name })
  }
}

/** Removes `@walletframe/<key>`; with no storage there is nothing to remove. */
export function removeHint(win: Window, key: string): void {
  try {
    win.localStorage.removeItem(PREFIX + key)
  } catch {
    // blocked storage holds no entry
  }
}
