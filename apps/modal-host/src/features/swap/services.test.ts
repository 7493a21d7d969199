import { MODAL_ERRORS, type SwapTransaction } from '@walletframe/protocol'
import { describe, expect, it, vi } from 'vitest'
import type { AccountState, ApiClient, WalletConnector } from '../core/index.ts'
import { createSwapServices } from './services.ts'

const TX: SwapTransaction = {
  from: 'eip155:31337:0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  to: 'eip155:31337:0x5FbDB2315678afecb367f032d93F642f64180aa3',
  data: '0x',
  value: '0',
  eip155: { gas: '21000', gasPrice: '1' },
}

function services(account: AccountState) {
  const request = vi.fn(async () => `0x${'1'.repeat(64)}`)
  const connector = { id: 'test', name: 'Test', type: 'INJECTED', request } as unknown as WalletConnector
  const swap = createSwapServices({
    // The guard under test runs before any data API call.
    api: {} as ApiClient,
    account: () => account,
    connector: () => connector,
    findNetwork: () => undefined,
    refreshNative: () => undefined,
    refreshTokens: () => undefined,
    toast: () => undefined,
    track: () => undefined,
  })
  return { swap, request }
}

describe('swap services', () => {
  it("refuses to send a swap without a connected account: spec §8 'No ActiveCaipAddress found'", async () => {
    const { swap, request } = services({ status: 'disconnected' })
    await expect(swap.send(TX)).rejects.toMatchObject({
      reason: MODAL_ERRORS.noActiveAddress.reason,
      message: 'No ActiveCaipAddress found',
    })
    expect(request).not.toHaveBeenCalled()
  })
})
