import { describe, expect, it } from 'vitest'
import { createHostStorage } from '../core/index.ts'
import { createWalletConnectStorage, hostKeyFor, keyForHost } from './storage.ts'

function setup(initial: Record<string, string> = {}) {
  const writes: Array<['set', string, string] | ['remove', string]> = []
  const host = createHostStorage(
    initial,
    {
      set: (key, value) => {
        writes.push(['set', key, value])
        return undefined
      },
      remove: (key) => writes.push(['remove', key]),
    },
    () => undefined,
  )
  const logs: string[] = []
  const storage = createWalletConnectStorage({ initial, host, log: (m) => logs.push(m) })
  return { storage, writes, host, logs }
}

describe('WalletConnect storage through the host', () => {
  it('maps keys under the wc@2: sub-prefix, reversibly', () => {
    expect(hostKeyFor('wc@2:core:0.3//keychain')).toBe('wc@2:core:0.3//keychain')
    expect(hostKeyFor('WALLETCONNECT_CLIENT_ID')).toBe('wc@2:_/WALLETCONNECT_CLIENT_ID')
    expect(keyForHost('wc@2:_/WALLETCONNECT_CLIENT_ID')).toBe('WALLETCONNECT_CLIENT_ID')
    expect(keyForHost('wc@2:client:0.3//session')).toBe('wc@2:client:0.3//session')
    expect(keyForHost('connection-status')).toBeUndefined()
  })

  it('writes JSON strings through the host and reads them back as values', async () => {
    const { storage, writes } = setup()
    await storage.setItem('wc@2:client:0.3//session', [{ topic: 't1', expiry: 1 }])
    await storage.setItem('WALLETCONNECT_CLIENT_ID', 'did:key:z6Mk')
    expect(writes).toEqual([
      ['set', 'wc@2:client:0.3//session', '[{"topic":"t1","expiry":1}]'],
      ['set', 'wc@2:_/WALLETCONNECT_CLIENT_ID', '"did:key:z6Mk"'],
    ])
    expect(await storage.getItem('wc@2:client:0.3//session')).toEqual([{ topic: 't1', expiry: 1 }])
    expect(await storage.getItem('missing')).toBeUndefined()
    expect(await storage.getKeys()).toEqual(['wc@2:client:0.3//session', 'WALLETCONNECT_CLIENT_ID'])
  })

  it('restores what an earlier page load stored (a reload)', async () => {
    const { storage } = setup({
      'connection-status': 'connected',
      'wc@2:core:0.3//keychain': '{"topic":"key"}',
      'wc@2:_/WALLETCONNECT_CLIENT_ID': '"did:key:z6Mk"',
      'wc@2:broken': '{not json',
    })
    expect(await storage.getItem('wc@2:core:0.3//keychain')).toEqual({ topic: 'key' })
    expect(await storage.getEntries()).toEqual([
      ['wc@2:core:0.3//keychain', { topic: 'key' }],
      ['WALLETCONNECT_CLIENT_ID', 'did:key:z6Mk'],
    ])
  })

  it('never hands out an object aliased with its mirror', async () => {
    const { storage } = setup()
    await storage.setItem('wc@2:x', { a: 1 })
    const value = (await storage.getItem<{ a: number }>('wc@2:x'))!
    value.a = 2
    expect(await storage.getItem('wc@2:x')).toEqual({ a: 1 })
  })

  it('removes through the host', async () => {
    const { storage, writes } = setup({ 'wc@2:x': '1' })
    await storage.removeItem('wc@2:x')
    expect(writes).toEqual([['remove', 'wc@2:x']])
    expect(await storage.getItem('wc@2:x')).toBeUndefined()
  })

  it('keeps values too large for the channel in memory and drops the stale host copy', async () => {
    const { storage, writes, logs } = setup({ 'wc@2:core:0.3//history': '[]' })
    await storage.setItem('wc@2:core:0.3//history', ['x'.repeat(100_001)])
    expect(writes).toEqual([['remove', 'wc@2:core:0.3//history']])
    expect((await storage.getItem<string[]>('wc@2:core:0.3//history'))?.[0]).toHaveLength(100_001)
    expect(logs[0]).toMatch(/^StorageEntryTooLarge: .*kept for this page load only/)
  })

  it('keeps keys the channel would refuse in memory', async () => {
    const { storage, writes } = setup()
    await storage.setItem('key with spaces', 1)
    expect(writes).toEqual([])
    expect(await storage.getItem('key with spaces')).toBe(1)
  })
})
