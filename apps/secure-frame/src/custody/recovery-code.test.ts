import { describe, expect, it } from 'vitest'
import { InvalidRecoveryCodeError } from './errors.ts'
import { createRecoveryCode, normalizeRecoveryCode, recoveryCodeEntropy } from './recovery-code.ts'

const CODE_SHAPE = /^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){6}$/

/** Replaces the character at `index` (in the code without dashes) by another valid one. */
function withTypo(code: string, index: number): string {
  const characters = code.replaceAll('-', '').split('')
  characters[index] = characters[index] === '7' ? '8' : '7'
  return characters.join('')
}

describe('createRecoveryCode', () => {
  it('is 7 groups of 4 Crockford base32 characters', () => {
    for (let count = 0; count < 100; count++) expect(createRecoveryCode()).toMatch(CODE_SHAPE)
  })

  it('carries 128 random bits: 2,000 codes are distinct and every bit position takes both values', () => {
    const ones = new Array<number>(128).fill(0)
    const codes = new Set<string>()
    for (let count = 0; count < 2_000; count++) {
      const code = createRecoveryCode()
      codes.add(code)
      const entropy = recoveryCodeEntropy(code)
      expect(entropy).toHaveLength(16)
      for (let bit = 0; bit < 128; bit++) ones[bit]! += (entropy[bit >> 3]! >> (7 - (bit & 7))) & 1
    }
    expect(codes.size).toBe(2_000)
    // Each bit is set about half the time: 1,000 ± 5 standard deviations (~112).
    for (const count of ones) expect(Math.abs(count - 1_000)).toBeLessThan(112)
  })
})

describe('normalizeRecoveryCode', () => {
  it('accepts any case, spaces and dashes, and reads O as 0 and I/L as 1', () => {
    const code = createRecoveryCode()
    expect(normalizeRecoveryCode(code)).toBe(code)
    expect(normalizeRecoveryCode(` ${code.toLowerCase().replaceAll('-', ' ')} `)).toBe(code)
    expect(normalizeRecoveryCode(code.replaceAll('-', ''))).toBe(code)
    const lookAlikes = code.replaceAll('0', 'o').replaceAll('1', 'l')
    expect(normalizeRecoveryCode(lookAlikes)).toBe(code)
  })

  it('refuses a wrong length, saying how long a code is', () => {
    const code = createRecoveryCode()
    expect(() => normalizeRecoveryCode(code.slice(0, -1))).toThrow(
      new InvalidRecoveryCodeError('A recovery code has 28 characters; this one has 27.'),
    )
    expect(() => normalizeRecoveryCode(`${code}A`)).toThrow(InvalidRecoveryCodeError)
    expect(() => normalizeRecoveryCode('')).toThrow(InvalidRecoveryCodeError)
  })

  it('refuses characters outside the alphabet, naming the character', () => {
    const code = createRecoveryCode().replaceAll('-', '')
    expect(() => normalizeRecoveryCode(`U${code.slice(1)}`)).toThrow(
      new InvalidRecoveryCodeError('"U" cannot appear in a recovery code.'),
    )
    expect(() => normalizeRecoveryCode(`${code.slice(0, 27)}!`)).toThrow(InvalidRecoveryCodeError)
  })

  it('catches a typo with the checksum', () => {
    const code = createRecoveryCode()
    for (const index of [0, 13, 25, 27]) {
      expect(() => normalizeRecoveryCode(withTypo(code, index))).toThrow(
        new InvalidRecoveryCodeError('The recovery code has a typo: check each group.'),
      )
    }
  })
})
