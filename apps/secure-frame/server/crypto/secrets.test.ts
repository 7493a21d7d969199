import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { codeHash, deriveServerKeys, open, randomCode, sameDigest, seal, tokenHash } from './secrets.ts'

const keys = deriveServerKeys(randomBytes(32).toString('hex'))

describe('server secrets', () => {
  it('derives distinct keys for shares and codes', () => {
    expect(keys.shareKey).toHaveLength(32)
    expect(keys.shareKey.equals(keys.codeKey)).toBe(false)
  })

  it('seals with a fresh IV each time and opens only with the same key and AAD', () => {
    const share = randomBytes(33)
    const first = seal(keys.shareKey, share, 'user-1')
    const second = seal(keys.shareKey, share, 'user-1')
    expect(first.iv).not.toBe(second.iv)
    expect(first.sealed).not.toBe(second.sealed)
    expect(open(keys.shareKey, first, 'user-1').equals(share)).toBe(true)
    expect(() => open(keys.shareKey, first, 'user-2')).toThrow()
    expect(() => open(keys.codeKey, first, 'user-1')).toThrow()
    const tampered = Buffer.from(first.sealed, 'base64')
    tampered[0] = (tampered[0] ?? 0) ^ 1
    expect(() => open(keys.shareKey, { ...first, sealed: tampered.toString('base64') }, 'user-1')).toThrow()
  })

  it('makes six-digit codes with every digit in every place, leading zeros kept', () => {
    const codes = Array.from({ length: 4_000 }, () => randomCode(6))
    expect(codes.every((code) => /^[0-9]{6}$/.test(code))).toBe(true)
    for (let place = 0; place < 6; place++) {
      expect(new Set(codes.map((code) => code[place])).size).toBe(10)
    }
    expect(codes.some((code) => code.startsWith('0'))).toBe(true)
  })

  it('hashes codes per step and compares digests', () => {
    const hash = codeHash(keys, 'login\ndevice', '123456')
    expect(sameDigest(hash, codeHash(keys, 'login\ndevice', '123456'))).toBe(true)
    expect(sameDigest(hash, codeHash(keys, 'email_primary\ndevice', '123456'))).toBe(false)
    expect(sameDigest(hash, codeHash(keys, 'login\ndevice', '123457'))).toBe(false)
    expect(sameDigest(hash, 'abcd')).toBe(false)
    expect(tokenHash('token')).toMatch(/^[0-9a-f]{64}$/)
  })
})
