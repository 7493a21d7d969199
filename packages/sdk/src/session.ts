/**
 * The link to the modal: creates the frame on first use, handshakes on every `load` of it, and
 * hands out the messenger once ready. A reload or removal of the frame ends the messenger, so that
 * every request in flight is rejected (4900) rather than left hanging. A refused or unreachable
 * modal removes the frame and rejects at once (issue 10: the dapp is never locked); the next call
 * starts over with a new frame, so the page recovers when the modal is back.
 */
import type { Messenger, WireError } from '@walletframe/protocol/host'
import {
  CHANNEL_FRAME_GONE,
  CHANNEL_HANDSHAKE_TIMEOUT,
  connectToChild,
  createCheckValidator,
  HANDSHAKE,
  toWireError,
  WalletFrameError,
} from '@walletframe/protocol/host'
import type { Checks } from './adapter.ts'
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

/** `checks`: HOST_CHECKS, and those the adapters added (NAMESPACE_CHECKS). */
export function createSession(win: Window, config: Config, hooks: SessionHooks, checks: Checks): Session {
  const validator = createCheckValidator(checks)
  let frame: Frame | undefined
  let messenger: HostMessenger | undefined
  let ready: Promise<HostMessenger> | undefined
  /** Settles `ready`; set while a handshake is awaited. */
  let settle: { resolve(m: HostMessenger): void; reject(e: unknown): void } | undefined
  /** Bumped by every handshake and by `end`, so that a stale handshake's outcome is dropped. */
  let attempt = 0
  /** The modal server confirmed this origin for the current frame: a slow answer is only slow then. */
  let confirmed = false

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
    // The modal's script has run by its frame's load event and answers at once. Silence means no
    // modal page (server down, or refused by frame-ancestors): the modal server is asked why, and
    // without its word that the origin is allowed, the host gives up after HANDSHAKE.afterLoadMs.
    // Both timers act only while this handshake is the one awaited (`settle === done`).
    setTimeout(() => settle === done && checkOrigin(), HANDSHAKE.checkAfterMs)
    setTimeout(() => settle === done && !confirmed && end(CHANNEL_HANDSHAKE_TIMEOUT), HANDSHAKE.afterLoadMs)
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
      // The modal's document is going (a reload): what is in flight fails now, not at the next hello.
      messenger.on('modal.unloading', () => {
        if (messenger !== result.messenger) return
        messenger.destroy(CHANNEL_FRAME_GONE)
        messenger = undefined
        if (!settle) expect()
      })
      settle = undefined
      hooks.wire(messenger)
      done.resolve(messenger)
    } catch (error) {
      if (mine !== attempt) return
      hooks.log(error)
      end(toWireError(error))
    }
  }

  /** A refused origin or unknown project fails in one round trip. */
  const checkOrigin = async () => {
    const made = frame
    try {
      const response = await win.fetch(config.check)
      const answer: WireError = await response.json()
      if (frame !== made) return
      if (response.ok) confirmed = true
      // Only the server's typed refusal decides; any other answer leaves it to the frame.
      else if (answer.reason) end(toWireError(answer))
    } catch {
      // Unreadable (server down, or the page's CSP connect-src): the wait after load decides.
    }
  }

  const end = (error: WireError) => {
    attempt++
    messenger?.destroy(error)
    settle?.reject(new WalletFrameError(error))
    messenger = settle = ready = undefined
    frame?.remove()
    if (frame) hooks.gone()
    frame = undefined
  }

  return {
    ready() {
      if (frame && !frame.el.isConnected) end(CHANNEL_FRAME_GONE)
      if (!frame) {
        expect()
        confirmed = false
        frame = createFrame(
          win,
          config.src,
          config.zIndex,
          handshake,
          () => end(CHANNEL_FRAME_GONE),
          config.container,
        )
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
