import type { TokenBalance } from '@walletframe/protocol'
import { describe, expect, it } from 'vitest'
import { floorDecimalString, formatTokenQuantity, formatUsdTotal, listedTokens } from './token-amounts.ts'

const token = (symbol: string, numeric: string, decimals: string, value: number): TokenBalance => ({
  name: symbol,
  symbol,
  chainId: 'eip155:31337',
  address: `eip155:31337:0x${symbol}`,
  value,
  price: 0,
  quantity: { decimals, numeric },
  iconUrl: '',
})

describe('token amounts (spec §9)', () => {
  it('floors quantities to 3 decimals, never rounding up', () => {
    expect(floorDecimalString('1100.5678', 3)).toBe('1,100.567')
    expect(floorDecimalString('0.0009', 3)).toBe('0.000')
    expect(floorDecimalString('42', 3)).toBe('42.000')
    expect(formatTokenQuantity(token('DVT', '6.25', '18', 3.125))).toBe('6.250')
  })
  it('treats malformed quantities as zero rather than showing garbage', () => {
    expect(floorDecimalString('1e21', 3)).toBe('0')
  })
  it('leaves out tokens with decimals 0 (spec §5)', () => {
    expect(
      listedTokens([token('ZERO', '42', '0', 0), token('dUSD', '1', '6', 1)]).map((t) => t.symbol),
    ).toEqual(['dUSD'])
  })
  it('sums the USD value with 2 decimals, without the decimals-0 tokens', () => {
    expect(
      formatUsdTotal([
        token('ETH', '10000', '18', 30_000_000),
        token('dUSD', '1100.5', '6', 1100.5),
        token('ZERO', '42', '0', 99),
      ]),
    ).toBe('$30,001,100.50')
  })
})
