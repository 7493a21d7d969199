import { afterEach, describe, expect, it, vi } from 'vitest'
import { HANDSHAKE } from '../constants.ts'
import { CHANNEL_ERRORS, type WalletFrameError, type WireError } from '../errors/index.ts'
import { createCheckValidator } from '../wire/check-runtime.ts'
import { HOST_CHECKS } from '../wire/host-checks.generated.ts'
import { createZodValidator } from '../wire/zod-validator.ts'
import { type AcceptedHost, acceptFromParent, connectToChild } from './handshake.ts'
import { createOriginCheck } from './origins.ts'
import type { PortLike } from './ports.ts'
import { FakeChildFrame, FakeWindow, recordMessages } from './test-support.ts'

const DAPP = 'http://127.0.0.1:5173'
const MODAL = 'http://127.0.0.2:5174'
const INIT = { projectId: 'demo' }

const openPorts: PortLike[] = []
afterEach(() => {
  vi.useRealTimers()
  for (const port of openPorts.splice(0)) port.close()
})

function channel() {
  const pair = new MessageChannel()
  openPorts.push(pair.port1, pair.port2)
  return pair
}

const hello = (versions: unknown = [1], init: unknown = INIT) => ({
  type: HANDSHAKE.helloType,
  versions,
  init,
})

/** The child side (the modal frame) listening for its parent's hello. */
function child(
  options: {
    allowed?: readonly string[]
    versions?: readonly number[]
    isOriginAllowed?: (o: string) => boolean
    parent?: unknown
    refusal?: WireError
    checkInit?: (init: unknown, origin: string) => WireError | undefined
  } = {},
) {
  const self = new FakeWindow()
  const parent = 'parent' in options ? options.parent : { window: 'parent' }
  const onRefusedOrigin = vi.fn()
  const discards: string[] = []
  const state: { accepted?: AcceptedHost; error?: WalletFrameError } = {}
  const accepted = acceptFromParent({
    self,
    parent,
    isOriginAllowed: options.isOriginAllowed ?? createOriginCheck(options.allowed ?? [DAPP]),
    validator: createZodValidator(),
    versions: options.versions,
    onRefusedOrigin,
    refusal: 'refusal' in options ? options.refusal : CHANNEL_ERRORS.originNotAllowed,
    checkInit: options.checkInit,
    onDiscard: (reason) => discards.push(reason),
  })
  accepted.then(
    (value) => {
      state.accepted = value
    },
    (error: WalletFrameError) => {
      state.error = error
    },
  )
  /** Dispatches `data` with a fresh port; `reply()` resolves with the first message the child posts on it. */
  const deliver = (data: unknown, from: { origin?: string; source?: unknown; withPort?: boolean } = {}) => {
    const { port1, port2 } = channel()
    const replies = recordMessages(port1)
    self.dispatch({
      data,
      origin: 'origin' in from ? from.origin : DAPP,
      source: 'source' in from ? from.source : parent,
      ports: from.withPort === false ? [] : [port2],
    })
    return {
      /** The first message the child posted on the offered port, or 'nothing' if it posted none. */
      async reply() {
        port2.postMessage('nothing') // FIFO: anything the child posted during dispatch arrives first
        return replies.take()
      },
    }
  }
  return { self, parent, accepted, state, onRefusedOrigin, discards, deliver }
}

/** Lets queued port messages and promise callbacks run. */
const flush = () => new Promise<void>((resolve) => setImmediate(resolve))

describe('acceptFromParent (child side)', () => {
  it('accepts a hello from the parent window on an allowed origin and answers ready on its port', async () => {
    const { accepted, deliver } = child()
    const offer = deliver(hello([1]))
    const host = await accepted
    expect(host).toMatchObject({ origin: DAPP, init: INIT, version: 1 })
    expect(await offer.reply()).toEqual({ type: HANDSHAKE.readyType, version: 1 })
  })

  it('ignores a hello from a window that is not the parent, even on an allowed origin, and does not answer it', async () => {
    const { state, deliver, onRefusedOrigin } = child()
    const offer = deliver(hello(), { source: { window: 'another tab' } })
    expect(await offer.reply()).toBe('nothing')
    await flush()
    expect(state.accepted).toBeUndefined()
    expect(onRefusedOrigin).not.toHaveBeenCalled()
  })

  it('ignores a hello that has no source window', async () => {
    const { state, deliver } = child()
    expect(await deliver(hello(), { source: undefined }).reply()).toBe('nothing')
    expect(state.accepted).toBeUndefined()
  })

  it('accepts nothing when it was given no parent window, even a hello whose source is missing too', async () => {
    const { state, deliver } = child({ parent: undefined })
    expect(await deliver(hello(), { source: undefined }).reply()).toBe('nothing')
    expect(state.accepted).toBeUndefined()
  })

  it('keeps listening after ignoring a hello, and accepts the parent’s hello that follows', async () => {
    const { accepted, deliver } = child()
    deliver(hello(), { source: { window: 'another tab' } })
    deliver(hello(), { origin: 'https://evil.example' })
    deliver(hello([]))
    deliver(hello())
    await expect(accepted).resolves.toMatchObject({ origin: DAPP })
  })

  it.each([
    ['another port', 'http://127.0.0.1:5174'],
    ['another scheme', 'https://127.0.0.1:5173'],
    ['a trailing slash', 'http://127.0.0.1:5173/'],
    ['a trailing path', 'http://127.0.0.1:5173/app'],
    ['no port', 'http://127.0.0.1'],
    ['another host name for the same machine', 'http://localhost:5173'],
    ['different letter case', 'HTTP://127.0.0.1:5173'],
  ])('refuses an origin that differs from the allowed one by %s', async (_label, origin) => {
    const { state, deliver, onRefusedOrigin } = child({ allowed: [DAPP] })
    const offer = deliver(hello(), { origin })
    expect(await offer.reply()).toEqual({
      type: HANDSHAKE.refusedType,
      error: CHANNEL_ERRORS.originNotAllowed,
    })
    expect(onRefusedOrigin).toHaveBeenCalledWith(origin)
    expect(state.accepted).toBeUndefined()
  })

  it('answers a disallowed origin only with the typed refusal, and reports it through onRefusedOrigin', async () => {
    const { state, deliver, onRefusedOrigin, discards } = child()
    const offer = deliver(hello(), { origin: 'https://evil.example' })
    // Nothing but the refusal: no project, no allowed origins, no version.
    expect(await offer.reply()).toEqual({
      type: HANDSHAKE.refusedType,
      error: CHANNEL_ERRORS.originNotAllowed,
    })
    expect(onRefusedOrigin).toHaveBeenCalledTimes(1)
    expect(onRefusedOrigin).toHaveBeenCalledWith('https://evil.example')
    expect(discards).toEqual(['hello from a disallowed origin'])
    expect(state.accepted).toBeUndefined()
  })

  it('never allows the origin "null", even when the allow check would accept anything', async () => {
    const { state, deliver, onRefusedOrigin } = child({ isOriginAllowed: () => true })
    expect(await deliver(hello(), { origin: 'null' }).reply()).toMatchObject({ type: HANDSHAKE.refusedType })
    expect(onRefusedOrigin).toHaveBeenCalledWith('null')
    expect(state.accepted).toBeUndefined()
  })

  it('never allows the origin "null", even when it is listed', async () => {
    const { state, deliver } = child({ allowed: ['null', DAPP] })
    expect(await deliver(hello(), { origin: 'null' }).reply()).toMatchObject({ type: HANDSHAKE.refusedType })
    expect(state.accepted).toBeUndefined()
  })

  it('treats a hello without an origin as the origin "null"', async () => {
    const { deliver, onRefusedOrigin } = child({ isOriginAllowed: () => true })
    expect(await deliver(hello(), { origin: undefined }).reply()).toMatchObject({
      type: HANDSHAKE.refusedType,
    })
    expect(onRefusedOrigin).toHaveBeenCalledWith('null')
  })

  it('ignores every window message after the handshake, even a valid hello from the parent', async () => {
    const { accepted, deliver, self } = child()
    deliver(hello())
    await accepted
    expect(self.listeners.size).toBe(0)
    expect(await deliver(hello()).reply()).toBe('nothing')
  })

  it.each([
    ['null', null],
    ['a string', 'walletframe:hello'],
    ['another type', { type: 'walletframe:ready', versions: [1], init: INIT }],
    ['no versions', { type: HANDSHAKE.helloType, init: INIT }],
    ['no init key', { type: HANDSHAKE.helloType, versions: [1] }],
    ['empty versions', hello([])],
    ['a string version', hello(['1'])],
    ['version 0', hello([0])],
    ['a fractional version', hello([1.5])],
    ['more than 16 versions', hello(Array.from({ length: 17 }, (_, i) => i + 1))],
    ['versions not an array', hello(1)],
  ])('ignores an invalid hello: %s', async (_label, data) => {
    const { state, deliver } = child()
    expect(await deliver(data).reply()).toBe('nothing')
    expect(state.accepted).toBeUndefined()
    expect(state.error).toBeUndefined()
  })

  it('ignores a hello that carries no port', async () => {
    const { state, discards, deliver } = child()
    deliver(hello(), { withPort: false })
    await flush()
    expect(discards).toEqual(['hello without a port'])
    expect(state.accepted).toBeUndefined()
  })

  it.each([
    [
      '__proto__ at the top',
      JSON.parse('{"type":"walletframe:hello","versions":[1],"init":{},"__proto__":{"x":1}}'),
    ],
    [
      '__proto__ inside init',
      JSON.parse('{"type":"walletframe:hello","versions":[1],"init":{"a":{"__proto__":{"x":1}}}}'),
    ],
    ['constructor inside init', hello([1], { projectId: 'p', constructor: { prototype: { x: 1 } } })],
    ['prototype inside init', hello([1], { nested: [{ prototype: 1 }] })],
  ])('ignores a hello with a forbidden key: %s', async (_label, data) => {
    const { state, deliver, discards } = child()
    expect(await deliver(data).reply()).toBe('nothing')
    expect(discards).toEqual(['invalid hello'])
    expect(state.accepted).toBeUndefined()
  })

  it('agrees on the highest version both sides support', async () => {
    const { accepted, deliver } = child({ versions: [1, 2, 3] })
    const offer = deliver(hello([4, 2, 3]))
    expect((await accepted).version).toBe(3)
    expect(await offer.reply()).toEqual({ type: HANDSHAKE.readyType, version: 3 })
  })

  it('without a refusal to answer, never answers a disallowed origin (the key frame)', async () => {
    const { deliver, onRefusedOrigin } = child({ refusal: undefined })
    expect(await deliver(hello(), { origin: 'https://evil.example' }).reply()).toBe('nothing')
    expect(onRefusedOrigin).toHaveBeenCalledWith('https://evil.example')
  })

  it('answers a refused origin with the given refusal (an unknown project)', async () => {
    const { deliver } = child({ isOriginAllowed: () => false, refusal: CHANNEL_ERRORS.unknownProject })
    expect(await deliver(hello()).reply()).toEqual({
      type: HANDSHAKE.refusedType,
      error: CHANNEL_ERRORS.unknownProject,
    })
  })

  it('answers refused with checkInit’s error and rejects, and opens no channel', async () => {
    const checkInit = vi.fn(() => CHANNEL_ERRORS.projectMismatch)
    const { accepted, deliver } = child({ checkInit })
    const offer = deliver(hello([1], { projectId: 'other' }))
    await expect(accepted).rejects.toMatchObject({ reason: 'ProjectMismatch' })
    expect(checkInit).toHaveBeenCalledWith({ projectId: 'other' }, DAPP)
    expect(await offer.reply()).toEqual({
      type: HANDSHAKE.refusedType,
      error: CHANNEL_ERRORS.projectMismatch,
    })
  })

  it('answers refused with -32006 and rejects when no version is shared', async () => {
    const { accepted, deliver } = child({ versions: [1] })
    const offer = deliver(hello([2, 3]))
    await expect(accepted).rejects.toMatchObject({ code: -32006 })
    expect(await offer.reply()).toEqual({
      type: HANDSHAKE.refusedType,
      error: CHANNEL_ERRORS.versionMismatch,
    })
  })
})

/** A parent and a child frame wired like a browser would: the hello reaches the child only on its origin. */
function family(childOptions: { versions?: readonly number[]; allowed?: readonly string[] } = {}) {
  const childSide = child({ allowed: [DAPP], ...childOptions })
  const frame = new FakeChildFrame({
    child: childSide.self,
    childOrigin: MODAL,
    parentWindow: childSide.parent,
    parentOrigin: DAPP,
  })
  const connect = (
    options: { targetOrigin?: string; versions?: readonly number[]; timeoutMs?: number } = {},
  ) =>
    connectToChild({
      target: frame,
      targetOrigin: options.targetOrigin ?? MODAL,
      init: INIT,
      validator: createCheckValidator(HOST_CHECKS),
      createChannel: channel,
      versions: options.versions,
      timeoutMs: options.timeoutMs,
    })
  return { frame, childSide, connect }
}

describe('connectToChild (parent side)', () => {
  it('posts one hello, with its versions, init and a port, to exactly the target origin it is given', () => {
    const { frame, connect } = family()
    void connect({ versions: [1, 2] }).catch(() => {})
    expect(frame.posts).toHaveLength(1)
    const [post] = frame.posts
    expect(post!.targetOrigin).toBe(MODAL)
    expect(post!.message).toEqual({ type: HANDSHAKE.helloType, versions: [1, 2], init: INIT })
    expect(post!.transfer).toHaveLength(1)
  })

  it('connects to a child that accepts, and both ends then talk over the port', async () => {
    const { connect, childSide } = family()
    const { messenger, version } = await connect()
    const modal = await childSide.accepted
    expect(version).toBe(1)
    modal.messenger.handle('modal.open', () => null)
    await expect(messenger.request('modal.open', { view: 'Connect' })).resolves.toBeNull()
  })

  it('uses the highest version both sides support', async () => {
    const { connect } = family({ versions: [1, 2, 3] })
    const { version } = await connect({ versions: [1, 2] })
    expect(version).toBe(2)
  })

  it('rejects at once with the typed refusal when the child refuses the parent’s origin', async () => {
    const { connect } = family({ allowed: ['https://elsewhere.example'] })
    await expect(connect()).rejects.toMatchObject({ code: 4100, reason: 'OriginNotAllowed' })
  })

  it('rejects with -32006 when the child shares no version, and the child answered refused', async () => {
    const { connect, childSide } = family({ versions: [1] })
    const outcome = connect({ versions: [2] })
    await expect(outcome).rejects.toMatchObject({
      code: -32006,
      message: CHANNEL_ERRORS.versionMismatch.message,
    })
    await expect(childSide.accepted).rejects.toMatchObject({ code: -32006 })
  })

  it('rejects when the child answers ready with a version the parent did not offer', async () => {
    const frame = new FakeChildFrame()
    const outcome = connectToChild({
      target: frame,
      targetOrigin: MODAL,
      init: INIT,
      validator: createCheckValidator(HOST_CHECKS),
      createChannel: channel,
      versions: [1],
    })
    const port = frame.posts[0]!.transfer[0]!
    port.postMessage({ type: HANDSHAKE.readyType, version: 7 })
    await expect(outcome).rejects.toMatchObject({ code: -32006 })
  })

  it('times out with a clear error when the child never answers', async () => {
    vi.useFakeTimers()
    const frame = new FakeChildFrame() // delivers nothing
    const outcome = vi.fn()
    connectToChild({
      target: frame,
      targetOrigin: MODAL,
      init: INIT,
      validator: createCheckValidator(HOST_CHECKS),
      createChannel: channel,
    }).then(outcome, outcome)
    await vi.advanceTimersByTimeAsync(HANDSHAKE.timeoutMs - 1)
    expect(outcome).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(outcome).toHaveBeenCalledTimes(1)
    expect(outcome.mock.calls[0]![0]).toMatchObject({
      reason: CHANNEL_ERRORS.handshakeTimeout.reason,
      message: CHANNEL_ERRORS.handshakeTimeout.message,
    })
  })

  it('times out after the timeoutMs it is given', async () => {
    vi.useFakeTimers()
    const { connect } = family()
    const outcome = vi.fn()
    connect({ targetOrigin: 'http://127.0.0.9:5174', timeoutMs: 500 }).then(outcome, outcome)
    await vi.advanceTimersByTimeAsync(500)
    expect(outcome.mock.calls[0]![0]).toMatchObject({ code: CHANNEL_ERRORS.timeout.code })
  })

  it.each(['*', '/', 'null', 'modal.example', ''])(
    'refuses the target origin %j without posting the hello',
    async (targetOrigin) => {
      const { frame, connect } = family()
      await expect(connect({ targetOrigin, timeoutMs: 50 })).rejects.toMatchObject({ code: -32602 })
      expect(frame.posts).toHaveLength(0)
    },
  )

  it('closes its port when the handshake fails', async () => {
    vi.useFakeTimers()
    const { port1, port2 } = channel()
    const close = vi.spyOn(port1, 'close')
    const outcome = vi.fn()
    connectToChild({
      target: new FakeChildFrame(),
      targetOrigin: MODAL,
      init: INIT,
      validator: createCheckValidator(HOST_CHECKS),
      createChannel: () => ({ port1, port2 }),
      timeoutMs: 10,
    }).then(outcome, outcome)
    await vi.advanceTimersByTimeAsync(10)
    expect(outcome).toHaveBeenCalled()
    expect(close).toHaveBeenCalled()
  })

  it('cleans up and rejects when posting the hello throws', async () => {
    vi.useFakeTimers()
    const failure = new Error('DataCloneError')
    const outcome = connectToChild({
      target: {
        postMessage() {
          throw failure
        },
      },
      targetOrigin: MODAL,
      init: INIT,
      validator: createCheckValidator(HOST_CHECKS),
      createChannel: channel,
    })
    await expect(outcome).rejects.toBe(failure)
    expect(vi.getTimerCount()).toBe(0)
  })
})
