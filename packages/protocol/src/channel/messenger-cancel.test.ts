/** Cancelling requests: the requester's signal or deadline ends the handler's work on the other side. */
import { describe, expect, it, vi } from 'vitest'
import { CHANNEL_ERRORS, WalletFrameError } from '../errors/index.ts'
import type { HandlerContext } from './messenger.ts'
import { openMessenger, openMessengerPair, settle } from './messenger-test-support.ts'

type Raw = Record<string, unknown>

const request = (id: string, method: string, params: unknown) => ({
  v: 1,
  id,
  kind: 'request',
  method,
  params,
})
const cancel = (id: string, method: string) => ({ v: 1, id, kind: 'cancel', method })

/** A handler that runs until its signal aborts, then rejects with the signal's reason. */
function untilAborted() {
  const signals: AbortSignal[] = []
  const handler = (_params: unknown, { signal }: HandlerContext) => {
    signals.push(signal)
    return new Promise<never>((_resolve, reject) =>
      signal.addEventListener('abort', () => reject(signal.reason)),
    )
  }
  /** Resolves with the signal of the first call once the handler runs. */
  const started = () => vi.waitFor(() => signals[0] ?? Promise.reject(new Error('not called yet')))
  return { handler, signals, started }
}

describe('cancelling from the requester', () => {
  it('rejects at once with the cancelled error when the signal aborts, and sends a cancel for that id', async () => {
    const { messenger, peer } = openMessenger('parent')
    const controller = new AbortController()
    const pending = settle(messenger.request('wallet.connect', {}, { signal: controller.signal }))
    const sent = (await peer.take()) as Raw
    controller.abort()
    const outcome = await pending
    expect(outcome).toMatchObject({ ok: false, error: { reason: CHANNEL_ERRORS.cancelled.reason } })
    expect(await peer.take()).toEqual({ v: 1, id: sent.id, kind: 'cancel', method: 'wallet.connect' })
  })

  it('rejects without posting anything when the signal has already aborted', async () => {
    const { messenger, peer } = openMessenger('parent')
    const outcome = await settle(messenger.request('wallet.connect', {}, { signal: AbortSignal.abort() }))
    expect(outcome).toMatchObject({ ok: false, error: { reason: CHANNEL_ERRORS.cancelled.reason } })
    void settle(messenger.request('modal.close', {}))
    expect(await peer.take()).toMatchObject({ kind: 'request', method: 'modal.close' })
  })

  it('sends a cancel when the deadline passes', async () => {
    vi.useFakeTimers()
    const { messenger, peer } = openMessenger('parent')
    const pending = settle(messenger.request('rpc.request', { method: 'personal_sign' }, { timeoutMs: 100 }))
    const sent = (await peer.take()) as Raw
    await vi.advanceTimersByTimeAsync(100)
    expect(await pending).toMatchObject({ ok: false, error: { reason: CHANNEL_ERRORS.timeout.reason } })
    expect(await peer.take()).toEqual({ v: 1, id: sent.id, kind: 'cancel', method: 'rpc.request' })
  })

  it('sends no cancel for a request already answered, and leaves no timer behind', async () => {
    vi.useFakeTimers()
    const { messenger, peer, send } = openMessenger('parent')
    const controller = new AbortController()
    const pending = messenger.request('modal.close', {}, { signal: controller.signal })
    const sent = (await peer.take()) as Raw
    send({ v: 1, id: sent.id, kind: 'response', method: 'modal.close', ok: true, result: null })
    await expect(pending).resolves.toBeNull()
    controller.abort()
    expect(vi.getTimerCount()).toBe(0)
    void settle(messenger.request('modal.open', {}))
    expect(await peer.take()).toMatchObject({ kind: 'request', method: 'modal.open' })
  })
})

describe('cancels received by the handling side', () => {
  it('abort the handler’s signal with the cancelled error, and its answer is not sent', async () => {
    const { messenger, peer, send, nextDiscard } = openMessenger('child')
    const running = untilAborted()
    messenger.handle('wallet.connect', running.handler)
    messenger.handle('modal.close', () => null)
    send(request('r1', 'wallet.connect', {}))
    const signal = await running.started()
    const dropped = nextDiscard()
    send(cancel('r1', 'wallet.connect'))
    expect(await dropped).toBe('answer after cancel')
    expect(signal.reason).toBeInstanceOf(WalletFrameError)
    expect(signal.reason).toMatchObject({ reason: CHANNEL_ERRORS.cancelled.reason })
    // Messages keep their order on a port: the next one posted is the answer to r2, none to r1.
    send(request('r2', 'modal.close', {}))
    expect(await peer.take()).toMatchObject({ id: 'r2', kind: 'response', ok: true })
  })

  it.each([
    ['for an id no handler is running for', cancel('r-unknown', 'wallet.connect'), 'cancel of nothing'],
    ['naming another method than the running request', cancel('r1', 'rpc.request'), 'cancel of nothing'],
    [
      'forged with a forbidden key',
      JSON.parse('{"v":1,"id":"r1","kind":"cancel","method":"wallet.connect","__proto__":{"x":1}}'),
      'forbidden key',
    ],
    ['that is not a valid envelope', { ...cancel('r1', 'wallet.connect'), v: 99 }, 'invalid envelope'],
  ])('ignore a cancel %s', async (_case, message, reason) => {
    const { messenger, send, nextDiscard } = openMessenger('child')
    const running = untilAborted()
    messenger.handle('wallet.connect', running.handler)
    send(request('r1', 'wallet.connect', {}))
    const signal = await running.started()
    const dropped = nextDiscard()
    send(message)
    expect(await dropped).toBe(reason)
    expect(signal.aborted).toBe(false)
  })
})

describe('destroy', () => {
  it('aborts the signal of every running handler with the destroy error', async () => {
    const { messenger, send } = openMessenger('child')
    const running = untilAborted()
    messenger.handle('wallet.connect', running.handler)
    send(request('r1', 'wallet.connect', {}))
    send(request('r2', 'wallet.connect', {}))
    await vi.waitFor(() => expect(running.signals).toHaveLength(2))
    messenger.destroy(CHANNEL_ERRORS.destroyed)
    for (const signal of running.signals) {
      expect(signal.reason).toMatchObject({ reason: CHANNEL_ERRORS.destroyed.reason })
    }
  })
})

describe('nested requests', () => {
  /** The modal's network.switch handler asks the host's wallet, passing its own signal on. */
  function nest() {
    const { host, modal } = openMessengerPair()
    const wallet = untilAborted()
    host.handle('host.walletRequest', wallet.handler)
    modal.handle('network.switch', async (_params, { signal }) => {
      await modal.request(
        'host.walletRequest',
        { walletId: 'io.example', method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] },
        { signal },
      )
      return null
    })
    return { host, wallet }
  }

  it('cancelling the outer request cancels the inner one it wraps', async () => {
    const { host, wallet } = nest()
    const controller = new AbortController()
    const outer = settle(host.request('network.switch', { caipNetworkId: 'eip155:1' }, controller))
    const inner = await wallet.started()
    controller.abort()
    expect(await outer).toMatchObject({ ok: false, error: { reason: CHANNEL_ERRORS.cancelled.reason } })
    await vi.waitFor(() => expect(inner.aborted).toBe(true))
    expect(inner.reason).toMatchObject({ reason: CHANNEL_ERRORS.cancelled.reason })
  })

  it('the outer deadline passing cancels the inner request', async () => {
    vi.useFakeTimers()
    const { host, wallet } = nest()
    const outer = settle(host.request('network.switch', { caipNetworkId: 'eip155:1' }, { timeoutMs: 1_000 }))
    const inner = await wallet.started()
    await vi.advanceTimersByTimeAsync(1_000)
    expect(await outer).toMatchObject({ ok: false, error: { reason: CHANNEL_ERRORS.timeout.reason } })
    await vi.waitFor(() => expect(inner.aborted).toBe(true))
  })
})
