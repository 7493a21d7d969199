/**
 * Connection hints in the host page's localStorage. The modal frame may have no storage of its own
 * (cross-site frames are denied it), so it persists its non-secret hints here, over the channel.
 * Storage can be missing or throw (blocked, private mode): then there are simply no hints.
 */
import { STORAGE_PREFIX } from '@walletframe/protocol/host'

const PREFIX = `${STORAGE_PREFIX}/`

/** Every `@walletframe/` entry, prefix stripped; entries the modal's init would refuse (too long) are left out. */
export function readHints(win: Window): Record<string, string> {
  const hints: Record<string, string> = {}
  try {
    const storage = win.localStorage
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i) ?? ''
      const value = storage.getItem(key) ?? ''
      if (key.startsWith(PREFIX) && key.length <= PREFIX.length + 200 && value.length <= 100_000) {
        hints[key.slice(PREFIX.length)] = value
      }
    }
  } catch {
    // no storage: no hints
  }
  return hints
}

/** Writes `@walletframe/<key>`, or removes it when `value` is undefined. */
export function writeHint(win: Window, key: string, value?: string): void {
  try {
    if (value === undefined) win.localStorage.removeItem(PREFIX + key)
    else win.localStorage.setItem(PREFIX + key, value)
  } catch {
    // no storage: the hint is lost, the session itself is not
  }
}
