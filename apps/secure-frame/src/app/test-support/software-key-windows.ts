/**
 * Key windows for tests outside a browser: the real window's handlers and logic (serveKeyWindow,
 * device keys in WebCrypto) on a real MessageChannel, with an in-memory store standing in for the
 * window's IndexedDB. One store is one browser profile.
 */
import {
  createMessenger,
  createZodValidator,
  KEY_WINDOW_METHOD_META,
  KEY_WINDOW_METHOD_SCHEMAS,
  type KeyWindowChannel,
} from '@walletframe/protocol'
import { type DeviceKeyStore, memoryDeviceKeyStore } from '../../key-window/device-key-store.ts'
import { serveKeyWindow } from '../../key-window/serve-key-window.ts'
import type { KeyWindow } from '../key-window/open-key-window.ts'

export interface SoftwareKeyWindows {
  open(): KeyWindow
  store: DeviceKeyStore
  /** How many windows were opened, and how many are still open (each must be closed after use). */
  readonly opened: number
  readonly stillOpen: number
}

export function softwareKeyWindows(store: DeviceKeyStore = memoryDeviceKeyStore()): SoftwareKeyWindows {
  let opened = 0
  let live = 0
  return {
    store,
    get opened() {
      return opened
    },
    get stillOpen() {
      return live
    },
    open() {
      opened++
      live++
      const { port1, port2 } = new MessageChannel()
      const shapes = {
        validator: createZodValidator(KEY_WINDOW_METHOD_SCHEMAS),
        table: KEY_WINDOW_METHOD_META,
      }
      const keyFrame = createMessenger<'parent', KeyWindowChannel>({ port: port1, side: 'parent', ...shapes })
      const window = createMessenger<'child', KeyWindowChannel>({ port: port2, side: 'child', ...shapes })
      serveKeyWindow(window, Promise.resolve(store))
      let closed = false
      return {
        connect: async () => keyFrame,
        close() {
          if (closed) return
          closed = true
          live--
          keyFrame.destroy()
          window.destroy()
          port1.close()
          port2.close()
        },
      }
    },
  }
}
