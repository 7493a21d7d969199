import { describe, expect, it, vi } from 'vitest'
import { createProvider } from './provider.ts'

describe('EIP-1193 provider', () => {
  it('forwards requests', async () => {
    const send = vi.fn(async () => '0x7a69')
    const { provider } = createProvider(send)
    await expect(provider.request({ method: 'eth_chainId' })).resolves.toBe('0x7a69')
    await provider.request({ method: 'personal_sign', params: ['0x00', '0x11'] })
    await provider.request({ method: 'wallet_getCapabilities', params: { a: 1 } })
    expect(send.mock.calls).toEqual([
      ['eth_chainId', undefined],
      ['personal_sign', ['0x00', '0x11']],
      ['wallet_getCapabilities', { a: 1 }],
    ])
  })

  it('rejects invalid arguments with a -32602 ProviderRpcError, without sending', async () => {
    const send = vi.fn()
    const { provider } = createProvider(send)
    for (const args of [
      undefined,
      null,
      {},
      { method: '' },
      { method: 42 },
      { method: 'x', params: 'y' },
      { method: 'x', params: null },
    ]) {
      const error = await provider.request(args as never).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(Error)
      expect(error).toMatchObject({ code: -32602, message: 'Invalid params' })
    }
    expect(send).not.toHaveBeenCalled()
  })

  it('passes on the error of a failed request', async () => {
    const failure = Object.assign(new Error('User rejected the request.'), { code: 4001 })
    const { provider } = createProvider(async () => {
      throw failure
    })
    await expect(provider.request({ method: 'eth_requestAccounts' })).rejects.toBe(failure)
  })

  it('emits events to on and once listeners until removed', () => {
    const { provider, emit } = createProvider(vi.fn())
    const onChain = vi.fn()
    const onceChain = vi.fn()
    const onAccounts = vi.fn()
    expect(provider.on('chainChanged', onChain)).toBe(provider)
    provider.once('chainChanged', onceChain).on('accountsChanged', onAccounts)
    emit('chainChanged', '0x1')
    emit('chainChanged', '0x2')
    emit('accountsChanged', ['0xabc'])
    expect(onChain.mock.calls).toEqual([['0x1'], ['0x2']])
    expect(onceChain.mock.calls).toEqual([['0x1']])
    expect(onAccounts.mock.calls).toEqual([[['0xabc']]])
    provider.removeListener('chainChanged', onChain)
    emit('chainChanged', '0x3')
    expect(onChain).toHaveBeenCalledTimes(2)
    emit('connect', { chainId: '0x1' }) // no listener: nothing happens
  })

  it('keeps calling listeners when one throws, and reports the error', async () => {
    vi.useFakeTimers()
    try {
      const { provider, emit } = createProvider(vi.fn())
      const after = vi.fn()
      provider.on('disconnect', () => {
        throw new Error('listener bug')
      })
      provider.on('disconnect', after)
      emit('connect', { chainId: '0x1' })
      emit('disconnect', new Error('gone'))
      expect(after).toHaveBeenCalled()
      expect(() => vi.runAllTimers()).toThrow('listener bug')
    } finally {
      vi.useRealTimers()
    }
  })

  it('drops an event that tells the dapp nothing new (the modal echoing a page wallet)', () => {
    const { provider, emit } = createProvider(vi.fn())
    const heard: unknown[] = []
    for (const event of ['connect', 'disconnect', 'accountsChanged', 'chainChanged'] as const)
      provider.on(event, (data) => heard.push([event, data]))
    emit('disconnect', new Error('not connected yet: dropped'))
    emit('connect', { chainId: '0x7a69' })
    emit('connect', { chainId: '0x7a69' })
    emit('chainChanged', '0x7a69') // the chain connect reported
    emit('accountsChanged', ['0xAbC', '0xdef'])
    emit('accountsChanged', ['0xabc']) // the same first account, as the modal reports it
    emit('chainChanged', '0x7a6a')
    emit('chainChanged', '0x7A6A')
    emit('accountsChanged', [])
    emit('disconnect', 'gone')
    emit('disconnect', 'gone again')
    expect(heard).toEqual([
      ['connect', { chainId: '0x7a69' }],
      ['accountsChanged', ['0xAbC', '0xdef']],
      ['chainChanged', '0x7a6a'],
      ['accountsChanged', []],
      ['disconnect', 'gone'],
    ])
  })

  it('delivers every message event (EIP-1193 { type, data }), the same twice included, and once listeners once', () => {
    const { provider, emit } = createProvider(vi.fn())
    const heard: unknown[] = []
    const once: unknown[] = []
    provider.on('message', (message) => heard.push(message))
    provider.once('message', (message) => once.push(message))
    const result = { type: 'eth_subscription', data: { subscription: '0x1', result: '0x2' } }
    emit('message', result)
    emit('message', result)
    expect(heard).toEqual([result, result])
    expect(once).toEqual([result])
  })
})
