/**
 * The link to the modal: creates the frame on first use, handshakes on every `load` of it, and
 * hands out the messenger once ready. A reload or removal of the frame ends the messenger, so that
 * every request in flight is rejected (4900) rather than left hanging.
 */
import type { Messenger, WireError } from '@walletframe/protocol/host'
import {
  CHANNEL_FRAME_GONE,
  connectToChild,
  createCheckValidator,
  HOST_CHECKS,
  WalletFrameError,
} from '@walletframe/protocol/host'
import { createFrame, type Frame } from './frame.ts'
import type { Config } from './options.ts'

export type HostMessenger = Messenger<'parent'>

export interface SessionHooks {
  /** The modal's init, built at each handshake so that it carries the current hints and wallets. */
  init(): unknown
  /** Registers the host's handlers and listeners on a new messenger. */
  wire(messenger: HostMessenger): void
  /** The frame is gone (removed or destroyed). */
  gone(): void
  log(...args: unknown[]): void
}

export interface Session {
  /** Creates the frame if needed; resolves with the messenger once the handshake succeeded. */
  ready(): Promise<HostMessenger>
  readonly frame: Frame | undefined
  readonly messenger: HostMessenger | undefined
  /** Removes the frame and rejects everything in flight with `error`. */
  end(error: WireError): void
}

export function createSession(win: Window, config: Config, hooks: SessionHooks): Session {
  const validator = createCheckValidator(HOST_CHECKS)
  let frame: Frame | undefined
  let messenger: HostMessenger | undefined
  let ready: Promise<HostMessenger> | undefined
  /** Settles `ready`; set while a handshake is awaited. */
  let settle: { resolve(m: HostMessenger): void; reject(e: unknown): void } | undefined
  /** Bumped by every handshake and by `end`, so that a stale handshake's outcome is dropped. */
  let attempt = 0
  /** The last handshake failed: the next use starts over with a new frame (the modal may be back). */
  let failed = false

  const expect = () => {
    ready = new Promise((resolve, reject) => {
      settle = { resolve, reject }
    })
    ready.catch(() => {}) // a failure nobody waited for is not an unhandled rejection
  }

  const handshake = async () => {
    const mine = ++attempt
    messenger?.destroy(CHANNEL_FRAME_GONE)
    messenger = undefined
    if (!settle) expect()
    const done = settle!
    try {
      const result = await connectToChild({
        target: frame!.el.contentWindow!,
        targetOrigin: config.origin,
        init: hooks.init(),
        validator,
        createChannel: () => new MessageChannel(),
        onDiscard: hooks.log,
      })
      if (mine !== attempt) return result.messenger.destroy()
      messenger = result.messenger
      settle = undefined
      hooks.wire(messenger)
      done.resolve(messenger)
    } catch (error) {
      if (mine !== attempt) return
      hooks.log('handshake failed', error)
      settle = undefined
      failed = true
      // A refused origin is never answered: the handshake's timeout error says what to check.
      done.reject(error)
    }
  }

  const end = (error: WireError) => {
    attempt++
    failed = false
    messenger?.destroy(error)
    settle?.reject(new WalletFrameError(error))
    messenger = settle = ready = undefined
    frame?.remove()
    if (frame) hooks.gone()
    frame = undefined
  }

  return {
    ready() {
      if (frame && (failed || !frame.el.isConnected)) end(CHANNEL_FRAME_GONE)
      if (!frame) {
        expect()
        frame = createFrame(win, config.src, config.zIndex, handshake, () => end(CHANNEL_FRAME_GONE))
      }
      return ready!
    },
    get frame() {
      return frame
    },
    get messenger() {
      return messenger
    },
    end,
  }
}
