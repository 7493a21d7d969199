/**
 * The handshake: the parent posts a hello carrying a MessagePort to the child window; the child
 * accepts it only from its parent window and an allowed origin, agrees a protocol version, and
 * answers on the port. All later traffic uses the port; window messages are no longer read.
 */
import { HANDSHAKE, SUPPORTED_PROTOCOL_VERSIONS } from '../constants.ts'
import {
  CHANNEL_HANDSHAKE_TIMEOUT,
  CHANNEL_VERSION_MISMATCH,
  RPC_INVALID_PARAMS,
} from '../errors/catalogue.ts'
import { WalletFrameError, type WireError } from '../errors/walletframe-error.ts'
import type { WireValidator } from '../wire/validator.ts'
import { hasForbiddenKeys } from './forbidden-keys.ts'
import { createMessenger, type Messenger } from './messenger.ts'
import type { ChannelSpec, ChannelTable, HostChannel } from './messenger-api.ts'
import { normalizeOrigin } from './origins.ts'
import type {
  ChannelPair,
  ListeningWindowLike,
  MessageEventLike,
  PortLike,
  TargetWindowLike,
} from './ports.ts'

export interface ConnectOptions {
  /** The child frame's window (`iframe.contentWindow`). */
  target: TargetWindowLike
  /** The exact origin the child must have; the hello is never delivered to another. */
  targetOrigin: string
  /** The modal's init payload (validated by the child). */
  init: unknown
  validator: WireValidator
  createChannel: () => ChannelPair
  versions?: readonly number[]
  timeoutMs?: number
  onDiscard?: (reason: string, data: unknown) => void
  /** The channel's method table; SDK ↔ modal's when omitted. */
  table?: ChannelTable
}

/** Parent side: say hello, wait for ready, return the messenger on the agreed port. */
export function connectToChild<T extends ChannelSpec = HostChannel>(
  options: ConnectOptions,
): Promise<{ messenger: Messenger<'parent', T>; version: number }> {
  const versions = options.versions ?? SUPPORTED_PROTOCOL_VERSIONS
  // '*' (or anything that names no origin) would hand the port to whatever page the frame shows now.
  if (normalizeOrigin(options.targetOrigin) === undefined) {
    return Promise.reject(
      new WalletFrameError({
        code: RPC_INVALID_PARAMS.code,
        message: 'targetOrigin must be the exact origin of the child frame',
      }),
    )
  }
  const { port1, port2 } = options.createChannel()
  return new Promise((resolve, reject) => {
    const fail = (error: WireError) => {
      clearTimeout(timer)
      port1.removeEventListener('message', onReply)
      port1.close()
      reject(new WalletFrameError(error))
    }
    const timer = setTimeout(() => fail(CHANNEL_HANDSHAKE_TIMEOUT), options.timeoutMs ?? HANDSHAKE.timeoutMs)
    const onReply = (event: MessageEventLike) => {
      const data = event.data as { type?: unknown; version?: unknown; error?: WireError }
      if (hasForbiddenKeys(data) || !options.validator.check('handshakeReply', data)) return
      if (data.type === HANDSHAKE.refusedType) return fail(data.error!)
      if (!versions.includes(data.version as number)) return fail(CHANNEL_VERSION_MISMATCH)
      clearTimeout(timer)
      port1.removeEventListener('message', onReply)
      const messenger = createMessenger<'parent', T>({
        port: port1,
        side: 'parent',
        validator: options.validator,
        onDiscard: options.onDiscard,
        table: options.table,
      })
      resolve({ messenger, version: data.version as number })
    }
    port1.addEventListener('message', onReply)
    port1.start?.()
    const hello = { type: HANDSHAKE.helloType, versions: [...versions], init: options.init }
    try {
      options.target.postMessage(hello, options.targetOrigin, [port2])
    } catch (error) {
      // e.g. an init that cannot be cloned: fail now, not at the deadline, and leave no timer behind.
      clearTimeout(timer)
      port1.removeEventListener('message', onReply)
      port1.close()
      reject(error)
    }
  })
}

export interface AcceptOptions {
  /** The child's own window, where the hello arrives. */
  self: ListeningWindowLike
  /** The only window a hello is accepted from (`window.parent`). */
  parent: unknown
  isOriginAllowed: (origin: string) => boolean
  validator: WireValidator
  versions?: readonly number[]
  /** A hello from the parent window but a disallowed origin: reported here. */
  onRefusedOrigin?: (origin: string) => void
  /**
   * Answered `refused` to that hello, so the host fails at once instead of at its deadline (the
   * modal: CHANNEL_ORIGIN_NOT_ALLOWED). Only the parent hears it, and only that it is refused;
   * without it the hello is never answered.
   */
  refusal?: WireError
  /** Checks the init of an allowed hello before the channel opens; an error is answered `refused`. */
  checkInit?: (init: unknown, origin: string) => WireError | undefined
  onDiscard?: (reason: string, data: unknown) => void
  /** The channel's method table; SDK ↔ modal's when omitted. */
  table?: ChannelTable
}

export interface AcceptedHost<T extends ChannelSpec = HostChannel> {
  messenger: Messenger<'child', T>
  init: unknown
  origin: string
  version: number
}

/**
 * Child side: resolves with the first valid hello from the parent window on an allowed origin.
 * Rejects (after answering `refused` on the offered port) when no protocol version is shared or
 * `checkInit` refuses the init.
 */
export function acceptFromParent<T extends ChannelSpec = HostChannel>(
  options: AcceptOptions,
): Promise<AcceptedHost<T>> {
  const versions = options.versions ?? SUPPORTED_PROTOCOL_VERSIONS
  const discard = options.onDiscard ?? (() => {})
  return new Promise((resolve, reject) => {
    const onHello = (event: MessageEventLike) => {
      if (options.parent == null || event.source !== options.parent) {
        return discard('hello from a window that is not the parent', event.origin)
      }
      const origin = event.origin ?? 'null'
      const port: PortLike | undefined = event.ports?.[0]
      const refuse = (error: WireError) => {
        port?.postMessage({ type: HANDSHAKE.refusedType, error })
        port?.close()
      }
      if (origin === 'null' || !options.isOriginAllowed(origin)) {
        options.onRefusedOrigin?.(origin)
        if (options.refusal) refuse(options.refusal)
        return discard('hello from a disallowed origin', origin)
      }
      const data = event.data as { versions: number[]; init: unknown }
      if (hasForbiddenKeys(data) || !options.validator.check('hello', data))
        return discard('invalid hello', data)
      if (!port) return discard('hello without a port', data)
      options.self.removeEventListener('message', onHello)
      const shared = data.versions.filter((v) => versions.includes(v))
      const error = shared.length === 0 ? CHANNEL_VERSION_MISMATCH : options.checkInit?.(data.init, origin)
      if (error) {
        refuse(error)
        return reject(new WalletFrameError(error))
      }
      const version = Math.max(...shared)
      const messenger = createMessenger<'child', T>({
        port,
        side: 'child',
        validator: options.validator,
        onDiscard: discard,
        table: options.table,
      })
      port.postMessage({ type: HANDSHAKE.readyType, version })
      resolve({ messenger, init: data.init, origin, version })
    }
    options.self.addEventListener('message', onHello)
  })
}
