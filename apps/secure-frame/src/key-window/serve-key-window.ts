/** The key window's two requests on an accepted channel (packages/protocol/src/key-window). */
import type { KeyWindowChannel, Messenger } from '@walletframe/protocol'
import type { DeviceKeyStore } from './device-key-store.ts'
import { keepDeviceShare, unlockDeviceShare } from './device-keys.ts'

export function serveKeyWindow(
  messenger: Messenger<'child', KeyWindowChannel>,
  store: Promise<DeviceKeyStore>,
  say: (text: string) => void = () => {},
): void {
  messenger.handle('keyWindow.keep', async (params) => {
    say('Keeping your wallet on this browser…')
    return keepDeviceShare(await store, params)
  })
  messenger.handle('keyWindow.unlock', async (params) => {
    say('Unlocking your wallet…')
    return unlockDeviceShare(await store, params)
  })
}
