import { describe, expect, it } from 'vitest'
import { InvalidShareError, ShareMismatchError } from './errors.ts'
import { createKey } from './key.ts'
import { combineShares, splitKey } from './shares.ts'

describe('splitKey / combineShares', () => {
  it('rebuilds the key from any two of the three shares', async () => {
    const { privateKey, address } = createKey()
    const { auth, device, recovery } = await splitKey(privateKey)
    for (const [first, second] of [
      [auth, device],
      [auth, recovery],
      [device, recovery],
      [recovery, auth],
    ] as const) {
      expect(await combineShares(first, second, address)).toEqual(privateKey)
    }
  })

  it('gives three distinct shares, none of which is the key', async () => {
    const { privateKey } = createKey()
    const shares = Object.values(await splitKey(privateKey))
    expect(new Set(shares.map((share) => Buffer.from(share).toString('hex'))).size).toBe(3)
    for (const share of shares) expect(share.subarray(0, 32)).not.toEqual(privateKey)
  })

  it('does not rebuild from one share, even passed twice', async () => {
    const { privateKey, address } = createKey()
    const { auth } = await splitKey(privateKey)
    await expect(combineShares(auth, auth, address)).rejects.toBeInstanceOf(InvalidShareError)
    await expect(combineShares(auth, new Uint8Array(auth), address)).rejects.toBeInstanceOf(InvalidShareError)
  })

  it('detects a share of another key', async () => {
    const mine = createKey()
    const other = createKey()
    const { auth } = await splitKey(mine.privateKey)
    const { device } = await splitKey(other.privateKey)
    await expect(combineShares(auth, device, mine.address)).rejects.toBeInstanceOf(ShareMismatchError)
  })

  it('detects a corrupt share (one bit flipped)', async () => {
    const { privateKey, address } = createKey()
    const { auth, recovery } = await splitKey(privateKey)
    const corrupt = new Uint8Array(recovery)
    corrupt[5]! ^= 0x01
    const error = await combineShares(auth, corrupt, address).catch((thrown: unknown) => thrown)
    expect(error).toBeInstanceOf(ShareMismatchError)
    expect((error as ShareMismatchError).expectedAddress).toBe(address)
  })

  it('refuses shares of the wrong length', async () => {
    const { privateKey, address } = createKey()
    const { auth, device } = await splitKey(privateKey)
    await expect(combineShares(auth, device.subarray(1), address)).rejects.toBeInstanceOf(InvalidShareError)
  })

  it('refuses to split something that is not a private key', async () => {
    await expect(splitKey(new Uint8Array(32))).rejects.toThrow(TypeError)
  })
})
