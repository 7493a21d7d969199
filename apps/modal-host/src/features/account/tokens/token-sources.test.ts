/**
 * Where the Tokens list comes from (spec §7): the wallet's own EIP-7811 list when it offers one,
 * else the data API once its network-support check says it serves the network.
 */
import { UI_MESSAGES } from '@walletframe/protocol'
import { describe, expect, it, vi } from 'vitest'
import { ADDRESS, network, setupAccountData, token } from '../test-support.ts'
import type { AssetWallet } from './wallet-assets.ts'

const DUSD = '0x5fbdb2315678afecb367f032d93f642f64180aa3'
const assets = {
  '0x7a69': [
    { address: 'native', balance: '0xde0b6b3a7640000', type: 'native' },
    {
      address: DUSD,
      balance: '0x41984c20',
      type: 'ERC20',
      metadata: { name: 'Devnet USD', symbol: 'dUSD', decimals: 6 },
    },
  ],
}

/** A wallet answering the two calls of EIP-5792/7811 with the given values (or errors). */
function assetWallet(answers: { capabilities?: unknown; assets?: unknown }) {
  const request = vi.fn(async (method: string, _params?: unknown) => {
    const answer = method === 'wallet_getCapabilities' ? answers.capabilities : answers.assets
    if (answer instanceof Error) throw answer
    return answer
  })
  return { request } satisfies AssetWallet
}
const discovery = { '0x7a69': { assetDiscovery: { supported: true } } }

describe('Tokens list sources (spec §7)', () => {
  it('asks the network-support check before the balance, and uses the API on a network it serves', async () => {
    const { data, api, store } = setupAccountData()
    await data.loadTokens()
    expect(api.supportedChains).toHaveBeenCalledTimes(1)
    expect(api.balance).toHaveBeenCalledWith(ADDRESS, 31337, false)
    expect(store.get().accountData.tokens).toEqual({ state: 'loaded', balances: [token] })
  })

  it("shows 'Token Balance Unavailable' on a network the API does not serve (spec §7, §8)", async () => {
    const networks = [network(31337, false)]
    const { data, api, store, toast } = setupAccountData({ served: ['eip155:1'], networks })
    await data.loadTokens()
    expect(api.balance).not.toHaveBeenCalled()
    expect(store.get().accountData.tokens).toEqual({ state: 'unsupported', balances: [] })
    expect(toast).toHaveBeenCalledWith(UI_MESSAGES.tokenBalanceUnavailable)
    // Not a failure: no 30 s retry block (spec §4 is about failed fetches).
    expect(data.retryBlocked()).toBe(false)
    // Opening the tab again keeps the message in the tab without another toast.
    await data.loadTokens()
    expect(store.get().accountData.tokens.state).toBe('unsupported')
    expect(toast).toHaveBeenCalledTimes(1)
  })

  it('shows a testnet the API does not serve as 0.00, without an error (spec §5)', async () => {
    const { data, api, store, toast } = setupAccountData({ served: ['eip155:1'] })
    await data.loadTokens()
    expect(api.balance).not.toHaveBeenCalled()
    expect(store.get().accountData.tokens).toEqual({ state: 'loaded', balances: [] })
    expect(toast).not.toHaveBeenCalled()
  })

  it('counts a failed network-support check as a failed balance fetch (spec §4, §8)', async () => {
    const { data, api, store, toast } = setupAccountData()
    api.supportedChains.mockRejectedValueOnce(new Error('503'))
    await data.loadTokens()
    expect(store.get().accountData.tokens.state).toBe('error')
    expect(toast).toHaveBeenCalledWith(UI_MESSAGES.tokenBalanceUnavailable)
    expect(data.retryBlocked()).toBe(true)
  })

  it('uses the wallet’s wallet_getAssets answer when its capabilities offer asset discovery', async () => {
    const wallet = assetWallet({ capabilities: discovery, assets })
    const { data, api, store } = setupAccountData({ served: [], wallet })
    await data.loadTokens()
    expect(wallet.request.mock.calls.map(([method, params]) => [method, params])).toEqual([
      ['wallet_getCapabilities', [ADDRESS, ['0x7a69']]],
      ['wallet_getAssets', [{ account: ADDRESS, chainFilter: ['0x7a69'] }]],
    ])
    expect(api.balance).not.toHaveBeenCalled()
    const { tokens } = store.get().accountData
    expect(tokens.state).toBe('loaded')
    expect(tokens.balances.map((b) => [b.symbol, b.address, b.quantity])).toEqual([
      ['ETH', 'eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee', { decimals: '18', numeric: '1' }],
      ['dUSD', `eip155:31337:${DUSD}`, { decimals: '6', numeric: '1100.5' }],
    ])
  })

  it.each([
    ['a wallet without wallet_getCapabilities', { capabilities: new Error('4200 unsupported method') }],
    [
      'no asset discovery on this chain',
      { capabilities: { '0x1': { assetDiscovery: { supported: true } } } },
    ],
    [
      'asset discovery not supported',
      { capabilities: { '0x7a69': { assetDiscovery: { supported: false } } } },
    ],
    ['a malformed capabilities answer', { capabilities: ['assetDiscovery'] }],
    ['wallet_getAssets refused', { capabilities: discovery, assets: new Error('4001 rejected') }],
    [
      'a malformed wallet_getAssets answer',
      { capabilities: discovery, assets: { '0x7a69': [{ balance: 12 }] } },
    ],
    [
      'a balance past 256 bits',
      {
        capabilities: discovery,
        assets: { '0x7a69': [{ address: 'native', balance: `0x${'f'.repeat(65)}`, type: 'native' }] },
      },
    ],
  ])('falls back to the data API on %s', async (_, answers) => {
    const log = vi.fn()
    const wallet = assetWallet(answers)
    const { data, api, store } = setupAccountData({ wallet, log })
    await data.loadTokens()
    expect(api.balance).toHaveBeenCalledTimes(1)
    expect(store.get().accountData.tokens).toEqual({ state: 'loaded', balances: [token] })
    const askedAssets = wallet.request.mock.calls.some(([method]) => method === 'wallet_getAssets')
    expect(askedAssets).toBe('assets' in answers)
  })
})
