import { describe, expect, it } from 'vitest'
import { formatUnits, insufficientGas, parseUnits, tokenContract } from './send-rules.ts'

describe('send rules (spec §5 "Sending")', () => {
  it.each([
    ['1.5', 18, 1_500_000_000_000_000_000n],
    ['0.000001', 6, 1n],
    ['.5', 1, 5n],
    ['12', 0, 12n],
    [' 3 ', 2, 300n],
  ])('parses %s with %i decimals exactly', (text, decimals, units) => {
    expect(parseUnits(text, decimals)).toBe(units)
    expect(parseUnits(formatUnits(units, decimals), decimals)).toBe(units)
  })

  it.each(['', '.', 'abc', '1,5', '-1', '1e3', '0.0000001'])('refuses %j (6 decimals)', (text) => {
    expect(parseUnits(text, 6)).toBeUndefined()
  })

  it('formats without trailing zeros or grouping', () => {
    expect(formatUnits(1_234_500_000n, 6)).toBe('1234.5')
    expect(formatUnits(0n, 18)).toBe('0')
    expect(formatUnits(1n, 18)).toBe('0.000000000000000001')
  })

  it('insufficient gas: a zero network balance, or a fee above it; never for a smart account', () => {
    expect(insufficientGas({ networkBalanceUsd: 0, gasPriceUsd: 0, accountType: 'eoa' })).toBe(true)
    expect(insufficientGas({ networkBalanceUsd: 1, gasPriceUsd: 1.01, accountType: 'eoa' })).toBe(true)
    expect(insufficientGas({ networkBalanceUsd: 1, gasPriceUsd: 1, accountType: 'eoa' })).toBe(false)
    expect(insufficientGas({ networkBalanceUsd: 0, gasPriceUsd: 5, accountType: 'smartAccount' })).toBe(false)
  })

  it('tells the native currency (the 0xeeee… placeholder) from a token contract', () => {
    const token = (address: string) =>
      ({ address, quantity: { decimals: '18', numeric: '1' } }) as Parameters<typeof tokenContract>[0]
    expect(tokenContract(token('eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'))).toBeUndefined()
    expect(tokenContract(token('eip155:1:0x5FbDB2315678afecb367f032d93F642f64180aa3'))).toBe(
      '0x5fbdb2315678afecb367f032d93f642f64180aa3',
    )
  })
})
