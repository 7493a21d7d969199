import {
  hashMessage,
  parseEther,
  recoverTransactionAddress,
  type TransactionSerialized,
  verifyMessage,
  verifyTypedData,
} from 'viem'
import { recoverAuthorizationAddress } from 'viem/utils'
import { describe, expect, it } from 'vitest'
import { KeyMismatchError, VaultLockedError } from './errors.ts'
import { createKey } from './key.ts'
import { createKeyVault } from './vault.ts'
import { wipe } from './wipe.ts'

const typedData = {
  domain: { name: 'Test', version: '1', chainId: 1 },
  types: { Note: [{ name: 'text', type: 'string' }] },
  primaryType: 'Note',
  message: { text: 'hello' },
} as const

describe('wipe', () => {
  it('zero-fills the bytes in place', () => {
    const bytes = crypto.getRandomValues(new Uint8Array(32))
    const view = bytes.subarray(0)
    wipe(bytes)
    expect(view.every((byte) => byte === 0)).toBe(true)
  })
})

describe('createKeyVault', () => {
  it('is locked until unlocked', async () => {
    const vault = createKeyVault()
    expect(vault.isUnlocked).toBe(false)
    expect(() => vault.address).toThrow(VaultLockedError)
    await expect(vault.signMessage('hi')).rejects.toBeInstanceOf(VaultLockedError)
    await expect(
      vault.signAuthorization({ contractAddress: createKey().address, chainId: 1, nonce: 0 }),
    ).rejects.toBeInstanceOf(VaultLockedError)
  })

  it('takes the key, wiping the bytes it was given, and signs with it', async () => {
    const { privateKey, address } = createKey()
    const vault = createKeyVault()
    vault.unlock(privateKey, address)
    expect(privateKey.every((byte) => byte === 0)).toBe(true)
    expect(vault.isUnlocked).toBe(true)
    expect(vault.address).toBe(address)

    const message = await vault.signMessage('hello')
    expect(await verifyMessage({ address, message: 'hello', signature: message })).toBe(true)
    const typed = await vault.signTypedData(typedData)
    expect(await verifyTypedData({ ...typedData, address, signature: typed })).toBe(true)
    const transaction = await vault.signTransaction({
      chainId: 1,
      to: address,
      value: parseEther('1'),
      gas: 21_000n,
      maxFeePerGas: 1n,
    })
    expect(
      await recoverTransactionAddress({ serializedTransaction: transaction as TransactionSerialized }),
    ).toBe(address)
    const contractAddress = createKey().address
    const authorization = await vault.signAuthorization({ contractAddress, chainId: 1, nonce: 7 })
    expect(authorization).toMatchObject({ address: contractAddress, chainId: 1, nonce: 7 })
    expect(await recoverAuthorizationAddress({ authorization })).toBe(address)
  })

  it('exposes no key and no account: only its signing methods and state', () => {
    const { privateKey, address } = createKey()
    const vault = createKeyVault()
    vault.unlock(privateKey, address)
    expect(Object.keys(vault).sort()).toEqual(
      [
        'address',
        'isUnlocked',
        'lock',
        'signAuthorization',
        'signMessage',
        'signSolana',
        'solanaAddress',
        'signTransaction',
        'signTypedData',
        'unlock',
      ].sort(),
    )
    expect(JSON.stringify(vault)).not.toMatch(/[0-9a-f]{64}/i)
  })

  it('refuses a key that is not the address given, and wipes it', () => {
    const { privateKey } = createKey()
    const other = createKey()
    const vault = createKeyVault()
    expect(() => vault.unlock(privateKey, other.address)).toThrow(KeyMismatchError)
    expect(privateKey.every((byte) => byte === 0)).toBe(true)
    expect(vault.isUnlocked).toBe(false)
  })

  it('lock() forgets the key: signing fails afterwards', async () => {
    const { privateKey, address } = createKey()
    const vault = createKeyVault()
    vault.unlock(privateKey, address)
    vault.lock()
    expect(vault.isUnlocked).toBe(false)
    await expect(vault.signMessage({ raw: hashMessage('x') })).rejects.toBeInstanceOf(VaultLockedError)
    vault.lock() // idempotent
  })
})
