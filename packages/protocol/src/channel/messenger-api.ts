/** What one end of an established channel offers: the `Messenger` interface and its options. */
import type { WireError } from '../errors/walletframe-error.ts'
import type { ParamsOf, ResultOf } from '../methods.ts'
import type { MethodsOf } from '../methods-meta.ts'
import type { WireValidator } from '../wire/validator.ts'
import type { PortLike } from './ports.ts'

/** `host` sends `toModal` methods and receives `toHost` ones; `modal` the reverse. */
export type Side = 'host' | 'modal'

export type Outgoing<S extends Side> = S extends 'host' ? 'toModal' : 'toHost'
export type Incoming<S extends Side> = S extends 'host' ? 'toHost' : 'toModal'

export interface MessengerOptions {
  port: PortLike
  side: Side
  validator: WireValidator
  /** Reports messages that were dropped or refused, for debug logging. */
  onDiscard?: (reason: string, data: unknown) => void
}

export interface RequestOptions {
  /** Overrides the method's deadline (METHOD_META). */
  timeoutMs?: number
  /** Aborting it rejects the request at once and tells the other side to stop handling it. */
  signal?: AbortSignal
}

export interface HandlerContext {
  /**
   * Aborts when the requester cancels (its signal or its deadline) or the channel ends. A handler
   * that makes a request of its own passes it on, so that cancelling the outer cancels the inner.
   */
  signal: AbortSignal
}

export interface Messenger<S extends Side> {
  request<M extends MethodsOf<Outgoing<S>, 'request'>>(
    method: M,
    params: ParamsOf<M>,
    options?: RequestOptions,
  ): Promise<ResultOf<M>>
  emit<M extends MethodsOf<Outgoing<S>, 'event'>>(method: M, params: ParamsOf<M>): void
  /** The answer of a handler to a request that was cancelled meanwhile is not sent. */
  handle<M extends MethodsOf<Incoming<S>, 'request'>>(
    method: M,
    handler: (params: ParamsOf<M>, context: HandlerContext) => ResultOf<M> | Promise<ResultOf<M>>,
  ): () => void
  on<M extends MethodsOf<Incoming<S>, 'event'>>(
    method: M,
    listener: (params: ParamsOf<M>) => void,
  ): () => void
  /** Ends the channel: every request in flight is rejected with `error`, every handler's signal aborts. */
  destroy(error?: WireError): void
  onDestroy(listener: (error: WireError) => void): () => void
  readonly destroyed: boolean
}
