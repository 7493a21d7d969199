/**
 * The key window's entry (docs/embedded-wallet.md "Key window"), steps 2 and 4 of the handshake in
 * packages/protocol/src/key-window: tell the opener it loaded, then serve one channel, and only to
 * the opener on this very origin (the key frame). Any other page that opens this window gets nothing.
 */
import {
  acceptFromParent,
  createZodValidator,
  KEY_WINDOW_LOADED_TYPE,
  KEY_WINDOW_METHOD_META,
  KEY_WINDOW_METHOD_SCHEMAS,
  type KeyWindowChannel,
  type ListeningWindowLike,
} from '@walletframe/protocol'
import { openDeviceKeyStore } from './device-key-store.ts'
import { serveKeyWindow } from './serve-key-window.ts'
import './key-window.css'

const status = document.getElementById('status')!
const say = (text: string) => {
  status.textContent = text
}
const opener = window.opener as Window | null

if (!opener) {
  say('This window is opened by the WalletFrame wallet. You can close it.')
} else {
  acceptFromParent<KeyWindowChannel>({
    self: window as unknown as ListeningWindowLike,
    parent: opener,
    isOriginAllowed: (origin) => origin === location.origin,
    validator: createZodValidator(KEY_WINDOW_METHOD_SCHEMAS),
    table: KEY_WINDOW_METHOD_META,
  }).then(({ messenger }) => serveKeyWindow(messenger, openDeviceKeyStore(), say))
  // Only the key origin may learn that this window is ready (the opener checks the source too).
  opener.postMessage({ type: KEY_WINDOW_LOADED_TYPE }, location.origin)
}
