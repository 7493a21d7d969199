import { describe, expect, it } from 'vitest'
import { bytesToBase64 } from './base64.ts'
import { SealOpenError } from './errors.ts'
import { IV_LENGTH, open, seal } from './seal.ts'

const encoder = new TextEncoder()
const aad = encoder.encode('0xabc:credential-1')

const aesKey = (extractable = false) =>
  crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, extractable, ['encrypt', 'decrypt'])

describe('seal / open', () => {
  it('round-trips the plaintext', async () => {
    const key = await aesKey()
    const plaintext = crypto.getRandomValues(new Uint8Array(33))
    const sealed = await seal(key, plaintext, aad)
    expect(sealed.iv).toHaveLength(IV_LENGTH)
    expect(sealed.ciphertext).toHaveLength(33 + 16) // GCM appends a 128-bit tag
    expect(await open(key, sealed, aad)).toEqual(plaintext)
  })

  it('draws a fresh IV every time: 1,000 seals of one plaintext give 1,000 IVs and ciphertexts', async () => {
    const key = await aesKey()
    const plaintext = encoder.encode('the same share every time')
    const ivs = new Set<string>()
    const ciphertexts = new Set<string>()
    for (let count = 0; count < 1_000; count++) {
      const sealed = await seal(key, plaintext, aad)
      ivs.add(bytesToBase64(sealed.iv))
      ciphertexts.add(bytesToBase64(sealed.ciphertext))
    }
    expect(ivs.size).toBe(1_000)
    expect(ciphertexts.size).toBe(1_000)
  })

  it('does not open with another AAD, another key, or altered data', async () => {
    const key = await aesKey()
    const sealed = await seal(key, encoder.encode('share'), aad)
    await expect(open(key, sealed, encoder.encode('0xabc:credential-2'))).rejects.toBeInstanceOf(
      SealOpenError,
    )
    await expect(open(await aesKey(), sealed, aad)).rejects.toBeInstanceOf(SealOpenError)
    const flipped = new Uint8Array(sealed.ciphertext)
    flipped[0]! ^= 1
    await expect(open(key, { ...sealed, ciphertext: flipped }, aad)).rejects.toBeInstanceOf(SealOpenError)
    const otherIv = crypto.getRandomValues(new Uint8Array(IV_LENGTH))
    await expect(open(key, { ...sealed, iv: otherIv }, aad)).rejects.toBeInstanceOf(SealOpenError)
    await expect(open(key, { ...sealed, iv: sealed.iv.subarray(1) }, aad)).rejects.toBeInstanceOf(
      SealOpenError,
    )
  })
})
