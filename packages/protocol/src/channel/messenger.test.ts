import { describe, expect, it, vi } from 'vitest'
import { CHANNEL_ERRORS, RPC_ERRORS, toWireError, WalletFrameError } from '../errors/index.ts'
import { openMessengerPair, settle, openMessenger as setup } from './messenger-test-support.ts'

const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7'
type Raw = Record<string, unknown>

const request = (id: string, method: string, params: unknown, v: unknown = 1) => ({
  v,
  id,
  kind: 'request',
  method,
  params,
})
const success = (id: string, method: string, result: unknown) => ({
  v: 1,
  id,
  kind: 'response',
  method,
  ok: true,
  result,
})
const failure = (id: string, method: string, error: unknown) => ({
  v: 1,
  id,
  kind: 'response',
  method,
  ok: false,
  error,
})
const event = (method: string, params: unknown, v: unknown = 1) => ({
  v,
  id: `e-${method}`,
  kind: 'event',
  method,
  params,
})

describe('requests and responses', () => {
  it('posts a request as a versioned envelope carrying the method and params', async () => {
    const { messenger, peer } = setup('parent')
    void settle(messenger.request('modal.open', { view: 'Connect' }))
    const sent = (await peer.take()) as Raw
    expect(sent).toMatchObject({ v: 1, kind: 'request', method: 'modal.open', params: { view: 'Connect' } })
    expect(typeof sent.id).toBe('string')
  })

  it('resolves each request with the result of the response that carries its id, whatever the order', async () => {
    const { messenger, peer, send } = setup('parent')
    const first = messenger.request('rpc.request', { method: 'eth_chainId' })
    const second = messenger.request('rpc.request', { method: 'eth_blockNumber' })
    const a = (await peer.take()) as Raw
    const b = (await peer.take()) as Raw
    expect(a.id).not.toBe(b.id)
    send(success(b.id as string, 'rpc.request', '0x2a'))
    send(success(a.id as string, 'rpc.request', '0x1'))
    await expect(first).resolves.toBe('0x1')
    await expect(second).resolves.toBe('0x2a')
  })

  it('rejects a request with the code and message of an error response', async () => {
    const { messenger, peer, send } = setup('parent')
    const pending = settle(messenger.request('wallet.connect', {}))
    const sent = (await peer.take()) as Raw
    send(failure(sent.id as string, 'wallet.connect', { code: 4001, message: 'User rejected the request.' }))
    const outcome = await pending
    expect(outcome.ok).toBe(false)
    if (outcome.ok) return
    expect(outcome.error).toBeInstanceOf(WalletFrameError)
    expect(toWireError(outcome.error)).toEqual({ code: 4001, message: 'User rejected the request.' })
  })

  it('rejects with the invalidResult error when the result does not match the method result shape', async () => {
    const { messenger, peer, send } = setup('parent')
    const pending = settle(messenger.request('wallet.connect', {}))
    const sent = (await peer.take()) as Raw
    send(
      success(sent.id as string, 'wallet.connect', {
        address: 'not-an-address',
        chainId: 1,
        caipAddress: 'x',
      }),
    )
    const outcome = await pending
    expect(outcome).toMatchObject({ ok: false, error: { code: CHANNEL_ERRORS.invalidResult.code } })
    if (!outcome.ok) expect(outcome.error.message).toBe(CHANNEL_ERRORS.invalidResult.message)
  })

  it('ignores a response to an id that no request is waiting for', async () => {
    const { messenger, peer, send, nextDiscard } = setup('parent')
    const pending = messenger.request('rpc.request', { method: 'eth_chainId' })
    const sent = (await peer.take()) as Raw
    const dropped = nextDiscard()
    send(success('host-0-unknown-1', 'rpc.request', '0xdead'))
    expect(await dropped).toBe('response to nothing')
    send(success(sent.id as string, 'rpc.request', '0x1'))
    await expect(pending).resolves.toBe('0x1')
  })

  it('rejects at once with -32602, leaving no timer behind, when the params cannot be posted', async () => {
    vi.useFakeTimers()
    const { messenger } = setup('parent')
    const outcome = await settle(messenger.request('rpc.request', { method: 'eth_call', params: [() => 1] }))
    expect(outcome).toMatchObject({ ok: false, error: { code: -32602 } })
    expect(vi.getTimerCount()).toBe(0)
  })

  it('serves a request end to end between a host and a modal messenger', async () => {
    const { host, modal } = openMessengerPair()
    modal.handle('wallet.connect', () => ({
      address: ADDRESS,
      chainId: 1,
      caipAddress: `eip155:1:${ADDRESS}`,
    }))
    await expect(host.request('wallet.connect', {})).resolves.toEqual({
      address: ADDRESS,
      chainId: 1,
      caipAddress: `eip155:1:${ADDRESS}`,
    })
  })
})

describe('handling requests', () => {
  it('answers a registered handler with its result, correlated by the request id', async () => {
    const { messenger, peer, send } = setup('child')
    messenger.handle('modal.open', () => null)
    send(request('r1', 'modal.open', { view: 'Account' }))
    expect(await peer.take()).toEqual(success('r1', 'modal.open', null))
  })

  it('answers an unknown method with -32601', async () => {
    const { peer, send } = setup('child')
    send(request('r1', 'wallet.steal', {}))
    expect(await peer.take()).toEqual(failure('r1', 'wallet.steal', CHANNEL_ERRORS.unknownMethod))
  })

  it('answers a known method with no handler registered with -32601', async () => {
    const { peer, send } = setup('child')
    send(request('r1', 'modal.close', {}))
    expect(await peer.take()).toMatchObject({ id: 'r1', ok: false, error: { code: -32601 } })
  })

  it('answers a request sent in the wrong direction with -32601 and never calls a handler for it', async () => {
    const { messenger, peer, send } = setup('parent')
    const handler = vi.fn(() => null)
    // @ts-expect-error the host does not handle toChild requests; registered anyway to prove the direction check
    messenger.handle('modal.open', handler)
    send(request('r1', 'modal.open', {}))
    expect(await peer.take()).toMatchObject({ id: 'r1', ok: false, error: { code: -32601 } })
    expect(handler).not.toHaveBeenCalled()
  })

  it('answers a request sent as an event-only method with -32601', async () => {
    const { peer, send } = setup('child')
    send(request('r1', 'host.wallets', { wallets: [] }))
    expect(await peer.take()).toMatchObject({ id: 'r1', ok: false, error: { code: -32601 } })
  })

  it('answers invalid params with -32602 and never calls the handler', async () => {
    const { messenger, peer, send } = setup('child')
    const handler = vi.fn(() => null)
    messenger.handle('modal.open', handler)
    send(request('r1', 'modal.open', { view: 'NoSuchView' }))
    expect(await peer.take()).toEqual(failure('r1', 'modal.open', CHANNEL_ERRORS.invalidParams))
    expect(handler).not.toHaveBeenCalled()
  })

  it('sends an error thrown by a handler as exactly {code, message}: no stack, data or details', async () => {
    const { messenger, peer, send } = setup('child')
    messenger.handle('wallet.connect', () => {
      throw Object.assign(new Error('User rejected the request.'), { code: 4001, data: { secret: 'seed' } })
    })
    send(request('r1', 'wallet.connect', {}))
    const reply = (await peer.take()) as Raw
    expect(reply).toEqual(
      failure('r1', 'wallet.connect', { code: 4001, message: 'User rejected the request.' }),
    )
    expect(Object.keys(reply.error as object).sort()).toEqual(['code', 'message'])
  })

  it('sends a WalletFrameError thrown by an async handler without its details or cause', async () => {
    const { messenger, peer, send } = setup('child')
    messenger.handle('network.switch', async () => {
      throw new WalletFrameError(
        { code: 4902, message: 'Unrecognized chain ID.' },
        { details: 'rpc at 10.0.0.1', cause: new Error('x') },
      )
    })
    send(request('r1', 'network.switch', { caipNetworkId: 'eip155:999' }))
    const reply = (await peer.take()) as Raw
    expect(reply.error).toStrictEqual({ code: 4902, message: 'Unrecognized chain ID.' })
  })

  it('answers -32603 when a handler throws something that is not an error', async () => {
    const { messenger, peer, send } = setup('child')
    messenger.handle('modal.close', () => {
      throw 'boom'
    })
    send(request('r1', 'modal.close', {}))
    expect(await peer.take()).toEqual(failure('r1', 'modal.close', RPC_ERRORS.internal))
  })

  it('stops answering with a handler once it is unregistered', async () => {
    const { messenger, peer, send } = setup('child')
    const handler = vi.fn(() => null)
    const unregister = messenger.handle('modal.close', handler)
    unregister()
    send(request('r1', 'modal.close', {}))
    expect(await peer.take()).toMatchObject({ id: 'r1', ok: false, error: { code: -32601 } })
    expect(handler).not.toHaveBeenCalled()
  })
})

describe('deadlines', () => {
  it('rejects with the timeout error after the timeoutMs of the method, not before', async () => {
    vi.useFakeTimers()
    const { messenger, peer } = setup('parent')
    const outcome = vi.fn()
    messenger.request('modal.open', {}).then(outcome, outcome)
    await peer.take()
    await vi.advanceTimersByTimeAsync(9_999)
    expect(outcome).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(outcome).toHaveBeenCalledTimes(1)
    const error = outcome.mock.calls[0]![0] as WalletFrameError
    expect(error).toBeInstanceOf(WalletFrameError)
    expect(toWireError(error)).toEqual(CHANNEL_ERRORS.timeout)
  })

  it('rejects with the timeout error after the per-call timeoutMs when one is given', async () => {
    vi.useFakeTimers()
    const { messenger, peer } = setup('parent')
    const pending = settle(messenger.request('wallet.connect', {}, { timeoutMs: 50 }))
    await peer.take()
    await vi.advanceTimersByTimeAsync(50)
    expect(await pending).toMatchObject({ ok: false, error: { code: CHANNEL_ERRORS.timeout.code } })
  })

  it('ignores a response that arrives after the deadline', async () => {
    vi.useFakeTimers()
    const { messenger, peer, send, nextDiscard } = setup('parent')
    const pending = settle(messenger.request('rpc.request', { method: 'eth_chainId' }, { timeoutMs: 100 }))
    const sent = (await peer.take()) as Raw
    await vi.advanceTimersByTimeAsync(100)
    expect(await pending).toMatchObject({ ok: false, error: { code: CHANNEL_ERRORS.timeout.code } })
    const dropped = nextDiscard()
    send(success(sent.id as string, 'rpc.request', '0x1'))
    expect(await dropped).toBe('response to nothing')
  })
})

describe('destroy', () => {
  it('rejects every request in flight with code 4900 by default', async () => {
    const { messenger, peer } = setup('parent')
    const a = settle(messenger.request('modal.open', {}))
    const b = settle(messenger.request('wallet.connect', {}))
    await peer.take()
    await peer.take()
    messenger.destroy()
    const outcomes = await Promise.all([a, b])
    for (const outcome of outcomes) expect(outcome).toMatchObject({ ok: false, error: { code: 4900 } })
  })

  it('rejects requests in flight with the error it is given', async () => {
    const { messenger } = setup('parent')
    const pending = settle(messenger.request('modal.open', {}))
    messenger.destroy({ code: 4901, message: 'frame reloaded' })
    expect(await pending).toMatchObject({ ok: false, error: { code: 4901, message: 'frame reloaded' } })
  })

  it('rejects a request made after destroy at once, without posting it', async () => {
    const { messenger, port1 } = setup('parent')
    const post = vi.spyOn(port1, 'postMessage')
    messenger.destroy()
    expect(messenger.destroyed).toBe(true)
    await expect(messenger.request('modal.open', {})).rejects.toMatchObject({
      code: CHANNEL_ERRORS.frameGone.code,
    })
    expect(post).not.toHaveBeenCalled()
  })

  it('calls each onDestroy listener once with the error, even when destroy is called again', () => {
    const { messenger } = setup('parent')
    const listener = vi.fn()
    messenger.onDestroy(listener)
    messenger.destroy()
    messenger.destroy({ code: 1, message: 'again' })
    expect(listener).toHaveBeenCalledTimes(1)
    expect(listener).toHaveBeenCalledWith(CHANNEL_ERRORS.frameGone)
  })

  it('does not call an onDestroy listener that was removed', () => {
    const { messenger } = setup('parent')
    const listener = vi.fn()
    messenger.onDestroy(listener)()
    messenger.destroy()
    expect(listener).not.toHaveBeenCalled()
  })

  it('closes the port', () => {
    const { messenger, port1 } = setup('parent')
    const close = vi.spyOn(port1, 'close')
    messenger.destroy()
    expect(close).toHaveBeenCalledTimes(1)
  })

  it('stops timers of requests it rejected, so no timeout error follows', async () => {
    vi.useFakeTimers()
    const { messenger } = setup('parent')
    const outcome = vi.fn()
    messenger.request('modal.open', {}).then(outcome, outcome)
    messenger.destroy()
    await vi.advanceTimersByTimeAsync(60_000)
    expect(outcome).toHaveBeenCalledTimes(1)
    expect(outcome.mock.calls[0]![0]).toMatchObject({ code: 4900 })
    expect(vi.getTimerCount()).toBe(0)
  })
})

describe('forbidden keys', () => {
  it('rejects a request whose params hold an own __proto__ key with -32600 and never calls the handler', async () => {
    const { messenger, peer, send } = setup('child')
    const handler = vi.fn(() => null)
    messenger.handle('theme.set', handler)
    const params = JSON.parse('{"themeMode":"dark","__proto__":{"polluted":true}}') as unknown
    expect(Object.hasOwn(params as object, '__proto__')).toBe(true)
    send(request('r1', 'theme.set', params))
    expect(await peer.take()).toEqual(failure('r1', 'theme.set', CHANNEL_ERRORS.forbiddenKey))
    expect(handler).not.toHaveBeenCalled()
  })

  it('rejects a request whose params hold a constructor key with -32600 and never calls the handler', async () => {
    const { messenger, peer, send } = setup('child')
    const handler = vi.fn(() => null)
    messenger.handle('theme.set', handler)
    send(request('r1', 'theme.set', { themeMode: 'dark', constructor: { prototype: {} } }))
    expect(await peer.take()).toMatchObject({ id: 'r1', ok: false, error: { code: -32600 } })
    expect(handler).not.toHaveBeenCalled()
  })

  it('rejects a request with a forbidden key nested deep inside its params', async () => {
    const { messenger, peer, send } = setup('child')
    const handler = vi.fn(() => null)
    messenger.handle('rpc.request', handler)
    const deep = JSON.parse('[{"a":{"b":[{"c":{"__proto__":{"isAdmin":true}}}]}}]') as unknown
    send(request('r1', 'rpc.request', { method: 'eth_call', params: deep }))
    expect(await peer.take()).toMatchObject({ id: 'r1', ok: false, error: CHANNEL_ERRORS.forbiddenKey })
    expect(handler).not.toHaveBeenCalled()
  })

  it('drops an event with a forbidden key before any listener sees it', async () => {
    const { messenger, send, nextDiscard } = setup('parent')
    const listener = vi.fn()
    messenger.on('account.changed', listener)
    const dropped = nextDiscard()
    send(event('account.changed', JSON.parse('{"status":"connected","constructor":1}')))
    expect(await dropped).toBe('forbidden key')
    expect(listener).not.toHaveBeenCalled()
  })
})

describe('envelopes', () => {
  it('answers a request with a wrong protocol version with -32600 and never calls the handler', async () => {
    const { messenger, peer, send } = setup('child')
    const handler = vi.fn(() => null)
    messenger.handle('modal.open', handler)
    send(request('r1', 'modal.open', {}, 2))
    expect(await peer.take()).toEqual(failure('r1', 'modal.open', CHANNEL_ERRORS.invalidEnvelope))
    expect(handler).not.toHaveBeenCalled()
  })

  it('ignores a response with a wrong protocol version', async () => {
    vi.useFakeTimers()
    const { messenger, peer, send, nextDiscard } = setup('parent')
    const pending = settle(messenger.request('rpc.request', { method: 'eth_chainId' }, { timeoutMs: 1_000 }))
    const sent = (await peer.take()) as Raw
    const dropped = nextDiscard()
    send({ ...success(sent.id as string, 'rpc.request', '0x1'), v: 0 })
    expect(await dropped).toBe('invalid envelope')
    await vi.advanceTimersByTimeAsync(1_000)
    expect(await pending).toMatchObject({ ok: false, error: { code: CHANNEL_ERRORS.timeout.code } })
  })

  it('drops a message that is not an envelope without answering it', async () => {
    const { send, peer, nextDiscard } = setup('child')
    const dropped = nextDiscard()
    send('hello')
    expect(await dropped).toBe('invalid envelope')
    // A request with an id but no valid envelope is answered; being the first reply proves 'hello' got none.
    send({ kind: 'request', id: 'r1' })
    expect(await peer.take()).toMatchObject({ id: 'r1', ok: false, error: CHANNEL_ERRORS.invalidEnvelope })
  })
})

describe('events', () => {
  it('emits an event as a versioned envelope', async () => {
    const { messenger, peer } = setup('child')
    messenger.emit('modal.state', { open: true, view: 'Connect' })
    expect(await peer.take()).toMatchObject({
      v: 1,
      kind: 'event',
      method: 'modal.state',
      params: { open: true, view: 'Connect' },
    })
  })

  it('delivers a valid event to every listener of its method', async () => {
    const { messenger, send } = setup('parent')
    const other = vi.fn()
    const received = new Promise((resolve) => messenger.on('account.changed', resolve))
    messenger.on('account.changed', other)
    send(event('account.changed', { status: 'connected', address: ADDRESS, chainId: 1 }))
    expect(await received).toEqual({ status: 'connected', address: ADDRESS, chainId: 1 })
    expect(other).toHaveBeenCalledTimes(1)
  })

  it('drops an event with invalid params', async () => {
    const { messenger, send, nextDiscard } = setup('parent')
    const listener = vi.fn()
    messenger.on('account.changed', listener)
    const dropped = nextDiscard()
    send(event('account.changed', { status: 'hacked' }))
    expect(await dropped).toBe('invalid event')
    expect(listener).not.toHaveBeenCalled()
  })

  it('drops an event of an unknown method', async () => {
    const { send, nextDiscard } = setup('parent')
    const dropped = nextDiscard()
    send(event('wallet.drain', {}))
    expect(await dropped).toBe('unexpected event')
  })

  it('drops an event sent in the wrong direction', async () => {
    const { messenger, send, nextDiscard } = setup('parent')
    const listener = vi.fn()
    // @ts-expect-error the host does not receive toChild events; subscribed anyway to prove the direction check
    messenger.on('host.wallets', listener)
    const dropped = nextDiscard()
    send(event('host.wallets', { wallets: [] }))
    expect(await dropped).toBe('unexpected event')
    expect(listener).not.toHaveBeenCalled()
  })

  it('stops delivering to a listener once it unsubscribes', async () => {
    const { messenger, send } = setup('parent')
    const removed = vi.fn()
    const unsubscribe = messenger.on('modal.state', removed)
    unsubscribe()
    const kept = new Promise((resolve) => messenger.on('modal.state', resolve))
    send(event('modal.state', { open: false, view: 'Connect' }))
    await kept
    expect(removed).not.toHaveBeenCalled()
  })
})
