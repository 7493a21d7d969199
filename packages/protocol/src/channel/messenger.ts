/**
 * One end of an established channel: correlates requests and responses by id, bounds every
 * request by a deadline, validates all it receives, and rejects everything in flight on teardown.
 * A request the requester gives up on (its signal, its deadline) is cancelled on the other side too.
 */
import { HTTP_TIMEOUT_MS, PROTOCOL_VERSION } from '../constants.ts'
import {
  CHANNEL_CANCELLED,
  CHANNEL_FORBIDDEN_KEY,
  CHANNEL_FRAME_GONE,
  CHANNEL_INVALID_ENVELOPE,
  CHANNEL_INVALID_PARAMS,
  CHANNEL_INVALID_RESULT,
  CHANNEL_TIMEOUT,
  CHANNEL_UNKNOWN_METHOD,
} from '../errors/catalogue.ts'
import { toWireError, WalletFrameError, type WireError } from '../errors/walletframe-error.ts'
import { METHOD_META } from '../methods-meta.ts'
import { hasForbiddenKeys } from './forbidden-keys.ts'
import type {
  ChannelSpec,
  ChannelTable,
  HostChannel,
  Messenger,
  MessengerOptions,
  Side,
} from './messenger-api.ts'
import type { MessageEventLike } from './ports.ts'

export type * from './messenger-api.ts'

interface Pending {
  method: string
  resolve(value: unknown): void
  reject(error: WalletFrameError): void
  /** Clears the deadline and the abort listener. */
  stop(): void
}

let messengerCount = 0

/**
 * The method an unchecked request is answered for. Not `String(method)`: an object whose `toString`
 * is not a function throws there, in the message listener. Never empty, so that the answer is an
 * envelope the requester accepts (a method of 1 to 64 characters).
 */
const methodText = (method: unknown): string =>
  // 64: the envelope's longest method (LIMITS.maxMethodLength, not imported: the SDK's size budget).
  (typeof method === 'string' && method ? method : typeof method).slice(0, 64)

export function createMessenger<S extends Side, T extends ChannelSpec = HostChannel>(
  options: MessengerOptions,
): Messenger<S, T> {
  const { port, side, validator, onDiscard = () => {} } = options
  const meta: ChannelTable = options.table ?? METHOD_META
  const incoming = side === 'parent' ? 'toParent' : 'toChild'
  const idPrefix = `${side}-${++messengerCount}-${Math.random().toString(36).slice(2, 10)}-`
  let nextId = 0
  const pending = new Map<string, Pending>()
  /** Requests of the other side whose handler runs, by id; a cancel or destroy aborts them. */
  const handling = new Map<string, { method: string; controller: AbortController }>()
  const handlers = new Map<string, (params: never, context: { signal: AbortSignal }) => unknown>()
  const listeners = new Map<string, Set<(params: never) => void>>()
  const destroyListeners = new Set<(error: WireError) => void>()
  let destroyedWith: WireError | undefined

  const post = (message: Record<string, unknown>) => {
    if (destroyedWith) return
    port.postMessage({ v: PROTOCOL_VERSION, ...message })
  }

  const reply = (id: string, method: string, outcome: { result: unknown } | { error: WireError }) => {
    if ('error' in outcome)
      post({ id, kind: 'response', method, ok: false, error: toWireError(outcome.error) })
    else post({ id, kind: 'response', method, ok: true, result: outcome.result ?? null })
  }

  /** Takes request `id` out of the pending ones; undefined if it was no longer pending. */
  const finish = (id: string) => {
    const entry = pending.get(id)
    pending.delete(id)
    entry?.stop()
    return entry
  }

  /**
   * `method` comes from a validated envelope: a string. An inherited name (`constructor`,
   * `__proto__`) finds no entry with a direction, so it is never expected.
   */
  const isExpected = (method: string, direction: string, kind: 'request' | 'event') =>
    meta[method]?.direction === direction && meta[method]?.kind === kind

  const onRequest = async (id: string, method: string, params: unknown) => {
    if (!isExpected(method, incoming, 'request')) return reply(id, method, { error: CHANNEL_UNKNOWN_METHOD })
    if (!validator.check(`params:${method}`, params))
      return reply(id, method, { error: CHANNEL_INVALID_PARAMS })
    const handler = handlers.get(method)
    if (!handler) return reply(id, method, { error: CHANNEL_UNKNOWN_METHOD })
    const controller = new AbortController()
    handling.set(id, { method, controller })
    let outcome: { result: unknown } | { error: WireError }
    try {
      outcome = { result: await handler(params as never, { signal: controller.signal }) }
    } catch (error) {
      outcome = { error: toWireError(error) }
    }
    // Cancelled meanwhile: the requester has stopped waiting, so the answer is not sent.
    if (handling.get(id)?.controller !== controller) return onDiscard('answer after cancel', method)
    handling.delete(id)
    reply(id, method, outcome)
  }

  const onCancel = (id: string, method: string) => {
    const entry = handling.get(id)
    if (entry?.method !== method) return onDiscard('cancel of nothing', id)
    handling.delete(id)
    entry.controller.abort(new WalletFrameError(CHANNEL_CANCELLED))
  }

  const onResponse = (data: { id: string; ok: boolean; result?: unknown; error?: WireError }) => {
    const entry = finish(data.id)
    if (!entry) return onDiscard('response to nothing', data)
    if (!data.ok) return entry.reject(new WalletFrameError(data.error!))
    if (!validator.check(`result:${entry.method}`, data.result)) {
      return entry.reject(new WalletFrameError(CHANNEL_INVALID_RESULT))
    }
    entry.resolve(data.result)
  }

  const onEvent = (method: string, params: unknown) => {
    if (!isExpected(method, incoming, 'event')) return onDiscard('unexpected event', method)
    if (!validator.check(`params:${method}`, params)) return onDiscard('invalid event', method)
    for (const listener of listeners.get(method) ?? []) listener(params as never)
  }

  const onMessage = (event: MessageEventLike) => {
    if (destroyedWith) return
    const data = event.data as Record<string, unknown> | null
    const replyableId =
      typeof data === 'object' &&
      data !== null &&
      data.kind === 'request' &&
      typeof data.id === 'string' &&
      data.id.length <= 64
        ? data.id
        : undefined
    if (hasForbiddenKeys(data)) {
      if (replyableId) reply(replyableId, methodText(data?.method), { error: CHANNEL_FORBIDDEN_KEY })
      return onDiscard('forbidden key', data)
    }
    if (!validator.check('envelope', data)) {
      if (replyableId) reply(replyableId, methodText(data?.method), { error: CHANNEL_INVALID_ENVELOPE })
      return onDiscard('invalid envelope', data)
    }
    const envelope = data as { id: string; kind: string; method: string; params?: unknown; ok: boolean }
    if (envelope.kind === 'request') void onRequest(envelope.id, envelope.method, envelope.params)
    else if (envelope.kind === 'response') onResponse(envelope as never)
    else if (envelope.kind === 'cancel') onCancel(envelope.id, envelope.method)
    else onEvent(envelope.method, envelope.params)
  }

  port.addEventListener('message', onMessage)
  port.start?.()

  const messenger: Messenger<S, T> = {
    get destroyed() {
      return destroyedWith !== undefined
    },
    request(method, params, { timeoutMs, signal } = {}) {
      if (destroyedWith) return Promise.reject(new WalletFrameError(destroyedWith))
      if (signal?.aborted) return Promise.reject(new WalletFrameError(CHANNEL_CANCELLED))
      const deadline = timeoutMs ?? meta[method]?.timeoutMs ?? HTTP_TIMEOUT_MS
      const id = `${idPrefix}${++nextId}`
      return new Promise((resolve, reject) => {
        const giveUp = (error: WalletFrameError) => {
          if (!finish(id)) return
          reject(error)
          post({ id, kind: 'cancel', method })
        }
        const onAbort = () => giveUp(new WalletFrameError(CHANNEL_CANCELLED))
        const timer = setTimeout(
          () => giveUp(new WalletFrameError(CHANNEL_TIMEOUT, { details: `${method} after ${deadline} ms` })),
          deadline,
        )
        signal?.addEventListener('abort', onAbort)
        const stop = () => {
          clearTimeout(timer)
          signal?.removeEventListener('abort', onAbort)
        }
        pending.set(id, { method, resolve: resolve as (value: unknown) => void, reject, stop })
        try {
          post({ id, kind: 'request', method, params })
        } catch (error) {
          // Params the port cannot clone (a function, a DOM node…): fail now and leave no timer behind.
          finish(id)
          reject(
            new WalletFrameError(CHANNEL_INVALID_PARAMS, {
              details: `${method}: params cannot be posted`,
              cause: error,
            }),
          )
        }
      })
    },
    emit(method, params) {
      post({ id: `${idPrefix}${++nextId}`, kind: 'event', method, params })
    },
    handle(method, handler) {
      handlers.set(method, handler as never)
      return () => {
        if (handlers.get(method) === (handler as never)) handlers.delete(method)
      }
    },
    on(method, listener) {
      const set = listeners.get(method) ?? new Set()
      set.add(listener as never)
      listeners.set(method, set)
      return () => set.delete(listener as never)
    },
    destroy(error = CHANNEL_FRAME_GONE) {
      if (destroyedWith) return
      destroyedWith = error
      port.removeEventListener('message', onMessage)
      port.close()
      for (const entry of pending.values()) {
        entry.stop()
        entry.reject(new WalletFrameError(error))
      }
      pending.clear()
      for (const { controller } of handling.values()) controller.abort(new WalletFrameError(error))
      handling.clear()
      for (const listener of destroyListeners) listener(error)
    },
    onDestroy(listener) {
      destroyListeners.add(listener)
      return () => destroyListeners.delete(listener)
    },
  }
  return messenger
}
