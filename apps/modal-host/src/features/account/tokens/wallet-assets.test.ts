import { describe, expect, it } from 'vitest'
import { network } from '../test-support.ts'
import { assetToBalance, offersAssetDiscovery, unitsToDecimal } from './wallet-assets.ts'

describe('EIP-7811 assets as Token balances (spec §3)', () => {
  it('converts base units to whole units exactly', () => {
    expect(unitsToDecimal(0n, 18)).toBe('0')
    expect(unitsToDecimal(1_100_500_000n, 6)).toBe('1100.5')
    expect(unitsToDecimal(1n, 18)).toBe('0.000000000000000001')
    expect(unitsToDecimal(2n ** 256n - 1n, 0)).toBe((2n ** 256n - 1n).toString())
  })

  it('reads assetDiscovery for the chain or for every chain (0x0), nothing else', () => {
    const on = { assetDiscovery: { supported: true } }
    expect(offersAssetDiscovery({ '0x7a69': on }, 31337)).toBe(true)
    expect(offersAssetDiscovery({ '0x0': on }, 31337)).toBe(true)
    expect(offersAssetDiscovery({ '0x1': on }, 31337)).toBe(false)
    expect(offersAssetDiscovery({ '0x7a69': { atomic: { status: 'supported' } } }, 31337)).toBe(false)
    expect(offersAssetDiscovery({ '0x7a69': { assetDiscovery: { supported: 'yes' } } }, 31337)).toBe(false)
  })

  it('takes native and ERC-20 assets in either case, and skips NFTs and ERC-20s without metadata', () => {
    const chain = network(10, false)
    const erc20 = { address: '0x5FbDB2315678afecb367f032d93F642f64180aa3', balance: '0x10', type: 'erc20' }
    expect(assetToBalance({ address: 'native', balance: '0x0', type: 'NATIVE' }, chain)).toMatchObject({
      symbol: 'ETH',
      chainId: 'eip155:10',
      quantity: { decimals: '18', numeric: '0' },
      value: 0,
    })
    expect(
      assetToBalance({ ...erc20, metadata: { symbol: 'TOK', decimals: 1, price: 2, value: 3.2 } }, chain),
    ).toMatchObject({
      name: 'TOK',
      address: 'eip155:10:0x5fbdb2315678afecb367f032d93f642f64180aa3',
      quantity: { decimals: '1', numeric: '1.6' },
      price: 2,
      value: 3.2,
    })
    expect(assetToBalance(erc20, chain)).toBeUndefined()
    expect(assetToBalance({ ...erc20, type: 'ERC721', metadata: { symbol: 'NFT' } }, chain)).toBeUndefined()
    expect(assetToBalance({ address: 'native', balance: '0x1', type: 'erc20' }, chain)).toBeUndefined()
  })
})
