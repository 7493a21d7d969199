/**
 * Opening the key window (docs/embedded-wallet.md "Key window"; handshake steps in
 * packages/protocol/src/key-window). `openKeyWindow` must run inside the click's handler, before any
 * await: a popup opens only with the click's user activation, which is this frame's own.
 */
import {
  connectToChild,
  createZodValidator,
  FRAME_ERRORS,
  KEY_WINDOW_LOADED_TYPE,
  KEY_WINDOW_METHOD_META,
  KEY_WINDOW_METHOD_SCHEMAS,
  KEY_WINDOW_NAME,
  KEY_WINDOW_PATH,
  type KeyWindowChannel,
  type Messenger,
  TIME,
  WalletFrameError,
} from '@walletframe/protocol'

/** Opens key windows; the browser's is `openKeyWindow`, tests give one on a MessageChannel. */
export type KeyWindowOpener = () => KeyWindow

export interface KeyWindow {
  /** Resolves once the window loaded and accepted the channel; rejects if it closed or never did. */
  connect(): Promise<Messenger<'parent', KeyWindowChannel>>
  close(): void
}

/** How often a closed window is noticed: no event tells an opener that its popup was closed. */
const CLOSED_POLL_MS = 250

export function openKeyWindow(): KeyWindow {
  const origin = location.origin
  const popup = window.open(`${origin}${KEY_WINDOW_PATH}`, KEY_WINDOW_NAME, 'popup,width=420,height=320')
  if (!popup) throw new WalletFrameError(FRAME_ERRORS.keyWindowBlocked)
  let messenger: Messenger<'parent', KeyWindowChannel> | undefined
  const close = () => {
    messenger?.destroy()
    popup.close()
  }
  const loaded = new Promise<void>((resolve, reject) => {
    const onMessage = (event: MessageEvent) => {
      if (event.source !== popup || event.origin !== origin) return
      if ((event.data as { type?: unknown } | null)?.type !== KEY_WINDOW_LOADED_TYPE) return
      finish(() => resolve())
    }
    const watch = setInterval(() => {
      if (popup.closed) finish(() => reject(new WalletFrameError(FRAME_ERRORS.keyWindowClosed)))
    }, CLOSED_POLL_MS)
    const deadline = setTimeout(
      () => finish(() => reject(new WalletFrameError(FRAME_ERRORS.keyWindowClosed))),
      TIME.authStepTimeoutMs,
    )
    const finish = (outcome: () => void) => {
      clearInterval(watch)
      clearTimeout(deadline)
      window.removeEventListener('message', onMessage)
      outcome()
    }
    window.addEventListener('message', onMessage)
  })
  return {
    async connect() {
      await loaded
      const connected = await connectToChild<KeyWindowChannel>({
        target: popup,
        targetOrigin: origin,
        init: {},
        validator: createZodValidator(KEY_WINDOW_METHOD_SCHEMAS),
        createChannel: () => new MessageChannel(),
        table: KEY_WINDOW_METHOD_META,
      })
      messenger = connected.messenger
      return messenger
    },
    close,
  }
}
