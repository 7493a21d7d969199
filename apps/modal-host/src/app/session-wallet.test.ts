import { MODAL_ERRORS, PROVIDER_ERRORS } from '@walletframe/protocol'
import { describe, expect, it, vi } from 'vitest'
import type { WalletConnector } from '../features/core/connector.ts'
import type { SessionState } from '../features/core/session-api.ts'
import { createStore } from '../ui/store.ts'
import { INITIAL_STATE } from './initial-state.ts'
import { walletIntents } from './session-wallet.ts'

function setup(status: 'connected' | 'disconnected') {
  const store = createStore<SessionState>({
    ...INITIAL_STATE,
    account: status === 'connected' ? { status, address: '0x1', chainId: 31337 } : { status },
  })
  const request = vi.fn(async () => '0xhash')
  const connector = { request } as unknown as WalletConnector
  const intents = walletIntents({
    store,
    init: () => undefined,
    connector: () => connector,
    toast: () => {},
    tokenSent: () => {},
    refreshAccount: () => {},
  })
  return { intents, request }
}

describe('wallet-feature intents', () => {
  it('sends a wallet request through the connected connector', async () => {
    const { intents, request } = setup('connected')
    await expect(intents.walletRequest('eth_sendTransaction', [{ to: '0x2' }])).resolves.toBe('0xhash')
    expect(request).toHaveBeenCalledWith('eth_sendTransaction', [{ to: '0x2' }])
  })

  it("refuses a wallet request while disconnected: spec §8 'No ActiveCaipAddress found' (4100)", async () => {
    const { intents, request } = setup('disconnected')
    await expect(intents.walletRequest('eth_sendTransaction', [])).rejects.toMatchObject({
      code: PROVIDER_ERRORS.unauthorized.code,
      reason: MODAL_ERRORS.noActiveAddress.reason,
      message: 'No ActiveCaipAddress found',
    })
    expect(request).not.toHaveBeenCalled()
  })

  it('keeps one value per slot and key, stopping the old one when the key changes', () => {
    const { intents } = setup('connected')
    const stop = vi.fn()
    const first = intents.keep('send', 'a', () => ({ stop }))
    expect(intents.keep('send', 'a', () => ({ stop: vi.fn() }))).toBe(first)
    const second = intents.keep('send', 'b', () => ({ stop: vi.fn() }))
    expect(second).not.toBe(first)
    expect(stop).toHaveBeenCalledOnce()
  })

  it('offers no feature before the host said hello', () => {
    expect(setup('disconnected').intents.walletFeatures()).toEqual([])
  })
})
