/**
 * One end of an established channel: correlates requests and responses by id, bounds every
 * request by a deadline, validates all it receives, and rejects everything in flight on teardown.
 */
import { PROTOCOL_VERSION } from '../constants.ts'
import { CHANNEL_ERRORS, toWireError, WalletFrameError, type WireError } from '../errors/index.ts'
import type { ParamsOf, ResultOf } from '../methods.ts'
import {
  type Direction,
  isMethodName,
  METHOD_META,
  type MethodName,
  type MethodsOf,
} from '../methods-meta.ts'
import type { WireValidator } from '../wire/validator.ts'
import { hasForbiddenKeys } from './forbidden-keys.ts'
import type { MessageEventLike, PortLike } from './ports.ts'

/** `host` sends `toModal` methods and receives `toHost` ones; `modal` the reverse. */
export type Side = 'host' | 'modal'

type Outgoing<S extends Side> = S extends 'host' ? 'toModal' : 'toHost'
type Incoming<S extends Side> = S extends 'host' ? 'toHost' : 'toModal'

interface Pending {
  method: MethodName
  resolve(value: unknown): void
  reject(error: WalletFrameError): void
  timer: ReturnType<typeof setTimeout>
}

export interface MessengerOptions {
  port: PortLike
  side: Side
  validator: WireValidator
  /** Reports messages that were dropped or refused, for debug logging. */
  onDiscard?: (reason: string, data: unknown) => void
}

export interface RequestOptions {
  timeoutMs?: number
}

export interface Messenger<S extends Side> {
  request<M extends MethodsOf<Outgoing<S>, 'request'>>(
    method: M,
    params: ParamsOf<M>,
    options?: RequestOptions,
  ): Promise<ResultOf<M>>
  emit<M extends MethodsOf<Outgoing<S>, 'event'>>(method: M, params: ParamsOf<M>): void
  handle<M extends MethodsOf<Incoming<S>, 'request'>>(
    method: M,
    handler: (params: ParamsOf<M>) => ResultOf<M> | Promise<ResultOf<M>>,
  ): () => void
  on<M extends MethodsOf<Incoming<S>, 'event'>>(
    method: M,
    listener: (params: ParamsOf<M>) => void,
  ): () => void
  /** Ends the channel: every request in flight is rejected with `error`, later calls fail at once. */
  destroy(error?: WireError): void
  onDestroy(listener: (error: WireError) => void): () => void
  readonly destroyed: boolean
}

let messengerCount = 0

export function createMessenger<S extends Side>(options: MessengerOptions): Messenger<S> {
  const { port, side, validator, onDiscard = () => {} } = options
  const incoming: Direction = side === 'host' ? 'toHost' : 'toModal'
  const idPrefix = `${side}-${++messengerCount}-${Math.random().toString(36).slice(2, 10)}-`
  let nextId = 0
  const pending = new Map<string, Pending>()
  const handlers = new Map<string, (params: never) => unknown>()
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

  const isExpected = (
    method: unknown,
    direction: Direction,
    kind: 'request' | 'event',
  ): method is MethodName =>
    isMethodName(method) && METHOD_META[method].direction === direction && METHOD_META[method].kind === kind

  const onRequest = async (id: string, method: string, params: unknown) => {
    if (!isExpected(method, incoming, 'request'))
      return reply(id, method, { error: CHANNEL_ERRORS.unknownMethod })
    if (!validator.check(`params:${method}`, params))
      return reply(id, method, { error: CHANNEL_ERRORS.invalidParams })
    const handler = handlers.get(method)
    if (!handler) return reply(id, method, { error: CHANNEL_ERRORS.unknownMethod })
    try {
      reply(id, method, { result: await handler(params as never) })
    } catch (error) {
      reply(id, method, { error: toWireError(error) })
    }
  }

  const onResponse = (data: { id: string; ok: boolean; result?: unknown; error?: WireError }) => {
    const entry = pending.get(data.id)
    if (!entry) return onDiscard('response to no pending request', data)
    pending.delete(data.id)
    clearTimeout(entry.timer)
    if (!data.ok) return entry.reject(new WalletFrameError(data.error!))
    if (!validator.check(`result:${entry.method}`, data.result)) {
      return entry.reject(new WalletFrameError(CHANNEL_ERRORS.invalidResult))
    }
    entry.resolve(data.result)
  }

  const onEvent = (method: string, params: unknown) => {
    if (!isExpected(method, incoming, 'event')) return onDiscard('unexpected event', method)
    if (!validator.check(`params:${method}`, params)) return onDiscard('invalid event params', method)
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
      if (replyableId)
        reply(replyableId, String(data?.method).slice(0, 64), { error: CHANNEL_ERRORS.forbiddenKey })
      return onDiscard('forbidden key', data)
    }
    if (!validator.check('envelope', data)) {
      if (replyableId)
        reply(replyableId, String(data?.method).slice(0, 64), { error: CHANNEL_ERRORS.invalidEnvelope })
      return onDiscard('invalid envelope', data)
    }
    const envelope = data as { id: string; kind: string; method: string; params?: unknown; ok: boolean }
    if (envelope.kind === 'request') void onRequest(envelope.id, envelope.method, envelope.params)
    else if (envelope.kind === 'response') onResponse(envelope as never)
    else onEvent(envelope.method, envelope.params)
  }

  port.addEventListener('message', onMessage)
  port.start?.()

  const messenger: Messenger<S> = {
    get destroyed() {
      return destroyedWith !== undefined
    },
    request(method, params, requestOptions = {}) {
      if (destroyedWith) return Promise.reject(new WalletFrameError(destroyedWith))
      const meta: { timeoutMs?: number } = METHOD_META[method]
      const timeoutMs = requestOptions.timeoutMs ?? meta.timeoutMs ?? 10_000
      const id = `${idPrefix}${++nextId}`
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id)
          reject(new WalletFrameError(CHANNEL_ERRORS.timeout, { details: `${method} after ${timeoutMs} ms` }))
        }, timeoutMs)
        pending.set(id, { method, resolve: resolve as (value: unknown) => void, reject, timer })
        try {
          post({ id, kind: 'request', method, params })
        } catch (error) {
          // Params the port cannot clone (a function, a DOM node…): fail now and leave no timer behind.
          clearTimeout(timer)
          pending.delete(id)
          reject(
            new WalletFrameError(CHANNEL_ERRORS.invalidParams, {
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
    destroy(error = CHANNEL_ERRORS.frameGone) {
      if (destroyedWith) return
      destroyedWith = error
      port.removeEventListener('message', onMessage)
      port.close()
      for (const entry of pending.values()) {
        clearTimeout(entry.timer)
        entry.reject(new WalletFrameError(error))
      }
      pending.clear()
      for (const listener of destroyListeners) listener(error)
    },
    onDestroy(listener) {
      destroyListeners.add(listener)
      return () => destroyListeners.delete(listener)
    },
  }
  return messenger
}
