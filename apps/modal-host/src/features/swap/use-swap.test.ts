/** The swap flow's tracking events (spec §7 `POST /e`): its start and outcome, with its network only. */
import type { SwapQuote, SwapTransaction, TrackedEvent } from '@walletframe/protocol'
import { describe, expect, it, vi } from 'vitest'
import type { ApiClient } from '../core/index.ts'
import type { SwapServices } from './services.ts'
import { createSwapActor } from './use-swap.ts'

const DUSD = 'eip155:31337:0x5fbdb2315678afecb367f032d93f642f64180aa3'
const DVT = 'eip155:31337:0xe7f1725e7734ce288f8367e1bb143e90bb3f0512'
const quote: SwapQuote = {
  fromAmount: '1000',
  fromAccount: DUSD,
  toAmount: '2000',
  toAccount: DVT,
  priceImpact: 0.1,
  gasFee: '0',
}

function services(send: () => Promise<string>) {
  const tracked: TrackedEvent[] = []
  const api = {
    swapQuote: async () => quote,
    swapAllowance: async () => 10n ** 30n,
    swapBuildTransaction: async () => ({}) as SwapTransaction,
  } as unknown as ApiClient
  const value: SwapServices = {
    api,
    account: () => ({ address: '0x00000000000000000000000000000000000000aa', chainId: 31337 }),
    send,
    refreshNative() {},
    refreshBalances() {},
    toast() {},
    track: (event) => tracked.push(event),
    networkId: () => 'eip155:31337',
    flow: (create) => create(value),
  }
  return { value, tracked }
}

async function swapOnce(send: () => Promise<string>) {
  const { value, tracked } = services(send)
  const actor = createSwapActor(value).start()
  actor.send({
    type: 'CHANGE',
    form: { from: DUSD, to: DVT, text: '1000', amount: 1000n, fromNative: false },
  })
  await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('ready'))
  actor.send({ type: 'SWAP' })
  await vi.waitFor(() => expect(actor.getSnapshot().value).not.toBe('swapping'))
  actor.stop()
  return tracked
}

describe('swap tracking (spec §7)', () => {
  const network = { network: 'eip155:31337' }

  it('tracks SWAP_INITIATED then SWAP_SUCCESS', async () => {
    expect(await swapOnce(async () => `0x${'1'.repeat(64)}`)).toEqual([
      { event: 'SWAP_INITIATED', properties: network },
      { event: 'SWAP_SUCCESS', properties: network },
    ])
  })

  it('tracks SWAP_INITIATED then SWAP_ERROR when the wallet refuses', async () => {
    const refused = async (): Promise<string> => {
      throw new Error('User rejected the request.')
    }
    expect(await swapOnce(refused)).toEqual([
      { event: 'SWAP_INITIATED', properties: network },
      { event: 'SWAP_ERROR', properties: network },
    ])
  })
})
