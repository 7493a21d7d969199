import { describe, expect, it } from 'vitest'
import { isValidEvmAddress, validEvmAccounts } from './evm-address.ts'
import { keccak256Hex } from './keccak.ts'

const text = (value: string) => new TextEncoder().encode(value)

describe('keccak-256', () => {
  it('matches the known digests, across a block boundary too', () => {
    expect(keccak256Hex(text(''))).toBe('c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470')
    // The selector of transfer(address,uint256) is the hash's first four bytes.
    expect(keccak256Hex(text('transfer(address,uint256)')).slice(0, 8)).toBe('a9059cbb')
    expect(keccak256Hex(text('a'.repeat(136)))).not.toBe(keccak256Hex(text('a'.repeat(135))))
  })
})

describe('EVM addresses from a wallet', () => {
  // The EIP-55 examples.
  const checksummed = [
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
    '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
  ]

  it('accepts checksummed, all-lowercase and all-uppercase addresses', () => {
    for (const address of checksummed) {
      expect(isValidEvmAddress(address), address).toBe(true)
      expect(isValidEvmAddress(address.toLowerCase())).toBe(true)
      expect(isValidEvmAddress(`0x${address.slice(2).toUpperCase()}`)).toBe(true)
    }
  })

  it('refuses a wrong checksum, a wrong length, no 0x, non-hex and non-strings', () => {
    const flipped = checksummed[0]!.replace('aA', 'Aa')
    for (const bad of [
      flipped,
      `${checksummed[1]}00`,
      checksummed[2]!.slice(0, 41),
      checksummed[3]!.slice(2),
    ])
      expect(isValidEvmAddress(bad), bad).toBe(false)
    for (const bad of [`0x${'g'.repeat(40)}`, ` ${checksummed[0]}`, 42, null, undefined, ['0x']])
      expect(isValidEvmAddress(bad)).toBe(false)
  })

  it('takes an account list only when every entry is valid', () => {
    expect(validEvmAccounts([checksummed[0], checksummed[1]!.toLowerCase()])).toHaveLength(2)
    expect(validEvmAccounts([])).toEqual([])
    expect(validEvmAccounts([checksummed[0], '0x1234'])).toBeUndefined()
    expect(validEvmAccounts('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBeUndefined()
    expect(validEvmAccounts({ 0: checksummed[0], length: 1 })).toBeUndefined()
  })
})
