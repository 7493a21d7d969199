import { describe, expect, it } from 'vitest'
import { editableAmount, formatSwapAmount, minimumReceived, parseAmount } from './swap-math.ts'

describe('swap amounts', () => {
  it('reads typed decimals in base units, refusing what is no amount or too precise', () => {
    expect(parseAmount('1', 18)).toBe(10n ** 18n)
    expect(parseAmount('0.5', 6)).toBe(500_000n)
    expect(parseAmount('.25', 6)).toBe(250_000n)
    expect(parseAmount('12.', 6)).toBe(12_000_000n)
    expect(parseAmount(' 3 ', 0)).toBe(3n)
    for (const text of ['', '.', 'abc', '1,5', '-1', '1e3', '0x10', '1.2.3'])
      expect(parseAmount(text, 18)).toBeUndefined()
    expect(parseAmount('0.0000001', 6)).toBeUndefined()
  })

  it('keeps 99% of the quote at the 1% slippage of spec §9, rounded down', () => {
    expect(minimumReceived(1_000_000n)).toBe(990_000n)
    expect(minimumReceived(101n)).toBe(99n)
    expect(minimumReceived(1_000n, 0.5)).toBe(995n)
  })

  it('shows amounts floored to 6 decimals without trailing zeros', () => {
    expect(formatSwapAmount(2_969_121_563n, 6)).toBe('2,969.121563')
    expect(formatSwapAmount(10n ** 18n, 18)).toBe('1')
    expect(formatSwapAmount(1_500_000_000_000_000_000n, 18)).toBe('1.5')
    expect(formatSwapAmount(123n, 18)).toBe('0')
    expect(editableAmount(1_234_500_000n, 6)).toBe('1234.5')
  })
})
