import { describe, expect, it } from 'vitest'
import { base58ToBytes, bytesToBase58, isSolanaAddress } from './base58.ts'

const bytes = (...values: number[]) => Uint8Array.from(values)

describe('base58', () => {
  it('spells the well-known program ids', () => {
    // The System program is 32 zero bytes; the Token program's id is its base58 name.
    expect(bytesToBase58(new Uint8Array(32))).toBe('11111111111111111111111111111111')
    const token = base58ToBytes('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA')!
    expect(token).toHaveLength(32)
    expect(Buffer.from(token).toString('hex')).toBe(
      '06ddf6e1d765a193d9cbe146ceeb79ac1cb485ed5f5b37913a8cf5857eff00a9',
    )
    expect(bytesToBase58(token)).toBe('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA')
  })

  it('matches Bitcoin base58 vectors, leading zeros as 1s', () => {
    expect(bytesToBase58(new TextEncoder().encode('Hello World!'))).toBe('2NEpo7TZRRrLZSi2U')
    expect(bytesToBase58(bytes(0, 0, 0x28, 0x7f, 0xb4, 0xcd))).toBe('11233QC4')
    expect(bytesToBase58(bytes())).toBe('')
    expect(base58ToBytes('11233QC4')).toEqual(bytes(0, 0, 0x28, 0x7f, 0xb4, 0xcd))
  })

  it('round-trips random bytes', () => {
    for (let length = 0; length < 80; length += 7) {
      const input = globalThis.crypto.getRandomValues(new Uint8Array(length))
      expect(base58ToBytes(bytesToBase58(input))).toEqual(input)
    }
  })

  it('refuses characters outside the alphabet (0, O, I, l)', () => {
    for (const text of ['0abc', 'abcO', 'I', 'l1', 'a b']) expect(base58ToBytes(text)).toBeUndefined()
  })

  it('tells a Solana address from other strings', () => {
    expect(isSolanaAddress('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA')).toBe(true)
    expect(isSolanaAddress('0x5eD8Cee6b63b1c6AFce3AD7c92f4fD7E1B8fAd9F')).toBe(false)
    expect(isSolanaAddress('1111')).toBe(false)
  })
})
