import { bytesToHex } from 'viem'
import { privateKeyToAddress } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { createKey, isValidPrivateKey } from './key.ts'

const order = (lastByte: number) => {
  const bytes = Uint8Array.from(
    Buffer.from('fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141', 'hex'),
  )
  bytes[31] = lastByte
  return bytes
}

describe('createKey', () => {
  it('makes a 32-byte key whose address is the one viem derives', () => {
    const { privateKey, address } = createKey()
    expect(privateKey).toHaveLength(32)
    expect(address).toBe(privateKeyToAddress(bytesToHex(privateKey)))
  })

  it('makes a different key each time', () => {
    const keys = new Set(Array.from({ length: 20 }, () => bytesToHex(createKey().privateKey)))
    expect(keys.size).toBe(20)
  })
})

describe('isValidPrivateKey', () => {
  it('accepts scalars from 1 to n - 1', () => {
    expect(isValidPrivateKey(Uint8Array.from({ length: 32 }, (_, index) => (index === 31 ? 1 : 0)))).toBe(
      true,
    )
    expect(isValidPrivateKey(order(0x40))).toBe(true)
  })

  it('refuses zero, the group order and above, and other lengths', () => {
    expect(isValidPrivateKey(new Uint8Array(32))).toBe(false)
    expect(isValidPrivateKey(order(0x41))).toBe(false)
    expect(isValidPrivateKey(new Uint8Array(32).fill(0xff))).toBe(false)
    expect(isValidPrivateKey(new Uint8Array(31).fill(1))).toBe(false)
  })
})
