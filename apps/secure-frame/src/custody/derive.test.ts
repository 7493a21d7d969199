import { describe, expect, it } from 'vitest'
import { deviceKeyFromPrf, recoveryKeyFromCode } from './derive.ts'
import { InvalidKeyMaterialError, InvalidRecoveryCodeError, SealOpenError } from './errors.ts'
import { createRecoveryCode } from './recovery-code.ts'
import { open, seal } from './seal.ts'

const random = (length: number) => crypto.getRandomValues(new Uint8Array(length))
const aad = new TextEncoder().encode('context')
const share = random(33)

describe('deviceKeyFromPrf', () => {
  it('derives a non-extractable AES-256-GCM key', async () => {
    const key = await deviceKeyFromPrf(random(32), random(16))
    expect(key.extractable).toBe(false)
    expect(key.algorithm).toEqual({ name: 'AES-GCM', length: 256 })
    expect([...key.usages].sort()).toEqual(['decrypt', 'encrypt'])
    await expect(crypto.subtle.exportKey('raw', key)).rejects.toThrow()
    await expect(crypto.subtle.exportKey('jwk', key)).rejects.toThrow()
  })

  it('derives the same key from the same PRF output and salt, another from another salt', async () => {
    const prf = random(32)
    const salt = random(16)
    const sealed = await seal(await deviceKeyFromPrf(prf, salt), share, aad)
    expect(await open(await deviceKeyFromPrf(new Uint8Array(prf), salt), sealed, aad)).toEqual(share)
    await expect(open(await deviceKeyFromPrf(prf, random(16)), sealed, aad)).rejects.toBeInstanceOf(
      SealOpenError,
    )
  })

  it('refuses a PRF output or salt of the wrong size', async () => {
    await expect(deviceKeyFromPrf(random(31), random(16))).rejects.toBeInstanceOf(InvalidKeyMaterialError)
    await expect(deviceKeyFromPrf(random(32), random(8))).rejects.toBeInstanceOf(InvalidKeyMaterialError)
  })
})

describe('recoveryKeyFromCode', () => {
  it('derives a non-extractable key that opens what the same code sealed, however it is typed', async () => {
    const code = createRecoveryCode()
    const salt = random(16)
    const key = await recoveryKeyFromCode(code, salt)
    expect(key.extractable).toBe(false)
    await expect(crypto.subtle.exportKey('raw', key)).rejects.toThrow()
    const sealed = await seal(key, share, aad)
    const typed = code.toLowerCase().replaceAll('-', ' ')
    expect(await open(await recoveryKeyFromCode(typed, salt), sealed, aad)).toEqual(share)
    await expect(
      open(await recoveryKeyFromCode(createRecoveryCode(), salt), sealed, aad),
    ).rejects.toBeInstanceOf(SealOpenError)
  })

  it('refuses a code that is not one', async () => {
    await expect(recoveryKeyFromCode('not a code', random(16))).rejects.toBeInstanceOf(
      InvalidRecoveryCodeError,
    )
  })
})
