import { describe, expect, it } from 'vitest'
import { tokenBalance } from './token-balance.ts'

describe('a balance row', () => {
  it('gives the amount in whole tokens and its value at the price', () => {
    const row = tokenBalance({
      caipNetworkId: 'eip155:31337',
      key: '0x5fbdb2315678afecb367f032d93f642f64180aa3',
      asset: { name: 'Devnet USD', symbol: 'dUSD', decimals: 6, iconUrl: 'https://x.test/dusd.svg' },
      amount: 1_250_000n,
      price: 2,
    })
    expect(row).toEqual({
      name: 'Devnet USD',
      symbol: 'dUSD',
      chainId: 'eip155:31337',
      address: '0x5fbdb2315678afecb367f032d93f642f64180aa3',
      value: 2.5,
      price: 2,
      quantity: { decimals: '6', numeric: '1.25' },
      iconUrl: 'https://x.test/dusd.svg',
    })
  })

  it('values an unpriced asset at 0 and leaves its icon empty when it has none', () => {
    const row = tokenBalance({
      caipNetworkId: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328',
      key: 'slip44:0',
      asset: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
      amount: 150_013_456n,
      price: 0,
    })
    expect(row.quantity.numeric).toBe('1.50013456')
    expect([row.value, row.iconUrl]).toEqual([0, ''])
  })
})
