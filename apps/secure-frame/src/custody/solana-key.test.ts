import { describe, expect, it } from 'vitest'
import { base58ToBytes } from './base58.ts'
import { KeyMismatchError, VaultLockedError } from './errors.ts'
import { createKey } from './key.ts'
import { combineShares, splitKey } from './shares.ts'
import { solanaAddressOf, solanaAddressOfSeed, solanaSeedOf } from './solana-key.ts'
import { createKeyVault } from './vault.ts'

const subtle = globalThis.crypto.subtle
const INFO = new TextEncoder().encode('walletframe secure-frame: solana ed25519 seed v1')

/** The seed as WebCrypto's HKDF derives it: the derivation is the documented one, not just self-consistent. */
async function webCryptoSeed(secret: Uint8Array): Promise<Uint8Array> {
  const base = await subtle.importKey('raw', new Uint8Array(secret), 'HKDF', false, ['deriveBits'])
  const bits = await subtle.deriveBits(
    { name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(), info: INFO },
    base,
    256,
  )
  return new Uint8Array(bits)
}

/** Verifies with WebCrypto's Ed25519, an implementation other than the one that signed. */
async function verifies(address: string, signature: Uint8Array, message: Uint8Array): Promise<boolean> {
  const publicKey = await subtle.importKey('raw', base58ToBytes(address)!, 'Ed25519', false, ['verify'])
  return subtle.verify('Ed25519', publicKey, new Uint8Array(signature), new Uint8Array(message))
}

describe('the Solana key', () => {
  it('is HKDF-SHA256 of the wallet secret under its label, as an ed25519 seed', async () => {
    const { privateKey } = createKey()
    expect(solanaSeedOf(privateKey)).toEqual(await webCryptoSeed(privateKey))
  })

  it('is the same for the same secret and differs between wallets', () => {
    const one = createKey().privateKey
    const two = createKey().privateKey
    const address = solanaAddressOfSeed(solanaSeedOf(one))
    expect(solanaAddressOfSeed(solanaSeedOf(new Uint8Array(one)))).toBe(address)
    expect(solanaAddressOfSeed(solanaSeedOf(two))).not.toBe(address)
    expect(base58ToBytes(address)).toHaveLength(32)
    expect(solanaAddressOf(one)).toBe(address)
  })

  it('refuses what is not a wallet secret', () => {
    expect(() => solanaSeedOf(new Uint8Array(32))).toThrow(TypeError)
    expect(() => solanaSeedOf(new Uint8Array(31).fill(1))).toThrow(TypeError)
  })

  it('comes back from any two of the three shares, so recovery brings back the Solana account too', async () => {
    const { privateKey, address } = createKey()
    const solanaAddress = solanaAddressOfSeed(solanaSeedOf(privateKey))
    const { auth, device, recovery } = await splitKey(privateKey)
    for (const [first, second] of [
      [auth, device],
      [auth, recovery],
      [device, recovery],
    ] as const) {
      const vault = createKeyVault()
      vault.unlock(await combineShares(first, second, address), address, solanaAddress)
      expect(vault.solanaAddress).toBe(solanaAddress)
    }
  })
})

describe('the vault’s Solana account', () => {
  it('signs bytes with ed25519 under the Solana address', async () => {
    const { privateKey, address } = createKey()
    const vault = createKeyVault()
    vault.unlock(privateKey, address)
    const message = new TextEncoder().encode('Sign in to example.org')
    const signature = vault.signSolana(message)
    expect(signature).toHaveLength(64)
    expect(await verifies(vault.solanaAddress, signature, message)).toBe(true)
    expect(await verifies(vault.solanaAddress, signature, new TextEncoder().encode('other'))).toBe(false)
  })

  it('refuses a key whose Solana address is not the known one, and wipes it', () => {
    const { privateKey, address } = createKey()
    const otherSolana = solanaAddressOfSeed(solanaSeedOf(createKey().privateKey))
    const vault = createKeyVault()
    expect(() => vault.unlock(privateKey, address, otherSolana)).toThrow(KeyMismatchError)
    expect(privateKey.every((byte) => byte === 0)).toBe(true)
    expect(vault.isUnlocked).toBe(false)
  })

  it('forgets the Solana key on lock', () => {
    const { privateKey, address } = createKey()
    const vault = createKeyVault()
    vault.unlock(privateKey, address)
    vault.lock()
    expect(() => vault.solanaAddress).toThrow(VaultLockedError)
    expect(() => vault.signSolana(new Uint8Array(1))).toThrow(VaultLockedError)
  })
})
