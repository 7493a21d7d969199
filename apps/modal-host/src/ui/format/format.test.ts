import { describe, expect, it } from 'vitest'
import { ENGLISH } from '../i18n/translator.ts'
import { truncateAddress } from './address.ts'
import { floorUnits } from './amount.ts'

/** What a view shows in English: the floored decimal, grouped. */
const formatUnitsFloored = (value: bigint, decimals: number, maxDecimals: number) =>
  ENGLISH.decimal(floorUnits(value, decimals, maxDecimals))

describe('truncateAddress', () => {
  it('keeps the first 4 and the last 6 characters (spec §9)', () => {
    expect(truncateAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe('0xf3…b92266')
  })
  it('leaves short strings whole', () => {
    expect(truncateAddress('0x1234')).toBe('0x1234')
  })
})

describe('formatUnitsFloored', () => {
  it('floors to 3 decimals instead of rounding (spec §9 balance display)', () => {
    expect(formatUnitsFloored(9_999_999_999_999_999_999n, 18, 3)).toBe('9.999')
  })
  it('pads the fraction', () => {
    expect(formatUnitsFloored(10n ** 18n + 5n * 10n ** 15n, 18, 3)).toBe('1.005')
  })
  it('groups thousands of large balances exactly', () => {
    expect(formatUnitsFloored(10_000n * 10n ** 18n, 18, 3)).toBe('10,000.000')
  })
  it('handles tokens with fewer decimals than shown', () => {
    expect(formatUnitsFloored(1_234_567n, 6, 3)).toBe('1.234')
    expect(formatUnitsFloored(15n, 1, 3)).toBe('1.5')
  })
  it('handles zero decimals and negatives', () => {
    expect(formatUnitsFloored(42n, 0, 3)).toBe('42')
    expect(formatUnitsFloored(-15n * 10n ** 17n, 18, 2)).toBe('-1.50')
  })
})
