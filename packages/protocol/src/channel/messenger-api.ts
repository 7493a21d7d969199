/** What one end of an established channel offers: the `Messenger` interface and its options. */
import type { WireError } from '../errors/walletframe-error.ts'
import type { ParamsOf, ResultOf } from '../methods.ts'
import type { Direction, METHOD_META, MethodMeta, MethodName } from '../methods-meta.ts'
import type { WireValidator } from '../wire/validator.ts'
import type { PortLike } from './ports.ts'

/**
 * The two ends of a channel: the `parent` frame made the child's iframe and said hello; the `child`
 * accepted it. SDK ↔ modal: the SDK is the parent. Modal ↔ key frame: the modal is the parent.
 */
export type Side = 'parent' | 'child'

/**
 * A channel's method table at run time: each method's direction (`toChild` or `toParent`), kind
 * and deadline. The same messenger code serves every table.
 */
export type ChannelTable = { readonly [method: string]: MethodMeta }

/** A channel's method table as types: the run-time table plus each method's params and result. */
export interface ChannelSpec {
  meta: ChannelTable
  params: Record<string, unknown>
  results: Record<string, unknown>
}

/** SDK ↔ modal: the table of methods-meta.ts and the shapes of methods.ts. */
export interface HostChannel extends ChannelSpec {
  meta: typeof METHOD_META
  params: { [M in MethodName]: ParamsOf<M> }
  results: { [M in MethodName]: ResultOf<M> }
}

export type Outgoing<S extends Side> = S extends 'parent' ? 'toChild' : 'toParent'
export type Incoming<S extends Side> = S extends 'parent' ? 'toParent' : 'toChild'

/** The methods of table T sent in direction D as kind K. */
export type TableMethods<T extends ChannelSpec, D extends Direction, K extends 'request' | 'event'> = {
  [M in keyof T['meta'] & string]: T['meta'][M] extends { direction: D; kind: K } ? M : never
}[keyof T['meta'] & string]

/** The params and result of method M of table T. */
export type Params<T extends ChannelSpec, M extends string> = T['params'][M & keyof T['params']]
export type Result<T extends ChannelSpec, M extends string> = T['results'][M & keyof T['results']]

export interface MessengerOptions {
  port: PortLike
  side: Side
  validator: WireValidator
  /** The method table; SDK ↔ modal's when omitted. */
  table?: ChannelTable
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

export interface Messenger<S extends Side, T extends ChannelSpec = HostChannel> {
  request<M extends TableMethods<T, Outgoing<S>, 'request'>>(
    method: M,
    params: Params<T, M>,
    options?: RequestOptions,
  ): Promise<Result<T, M>>
  emit<M extends TableMethods<T, Outgoing<S>, 'event'>>(method: M, params: Params<T, M>): void
  /** The answer of a handler to a request that was cancelled meanwhile is not sent. */
  handle<M extends TableMethods<T, Incoming<S>, 'request'>>(
    method: M,
    handler: (params: Params<T, M>, context: HandlerContext) => Result<T, M> | Promise<Result<T, M>>,
  ): () => void
  on<M extends TableMethods<T, Incoming<S>, 'event'>>(
    method: M,
    listener: (params: Params<T, M>) => void,
  ): () => void
  /** Ends the channel: every request in flight is rejected with `error`, every handler's signal aborts. */
  destroy(error?: WireError): void
  onDestroy(listener: (error: WireError) => void): () => void
  readonly destroyed: boolean
}
