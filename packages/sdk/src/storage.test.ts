import { describe, expect, it } from 'vitest'
import { createFakeWindow, FakeStorage } from '../test/fake-window.ts'
import { readHints, writeHint } from './storage.ts'

describe('connection hints', () => {
  it('reads only @walletframe/ entries, prefix stripped', () => {
    const storage = new FakeStorage()
    storage.setItem('@walletframe/connection-status', 'connected')
    storage.setItem('@walletframe/recent-wallets', '[]')
    storage.setItem('@walletframeX', 'not ours')
    storage.setItem('theme', 'dark')
    storage.setItem(`@walletframe/${'k'.repeat(201)}`, 'key too long for the modal')
    storage.setItem('@walletframe/huge', 'x'.repeat(100_001))
    const { win } = createFakeWindow({ storage })
    expect(readHints(win)).toEqual({ 'connection-status': 'connected', 'recent-wallets': '[]' })
  })

  it('writes and removes prefixed keys', () => {
    const { win, fake } = createFakeWindow()
    writeHint(win, 'connector-id', 'io.metamask')
    expect(fake.storage.getItem('@walletframe/connector-id')).toBe('io.metamask')
    writeHint(win, 'connector-id')
    expect(fake.storage.getItem('@walletframe/connector-id')).toBeNull()
  })

  it('treats unavailable storage as empty and never throws', () => {
    const { win } = createFakeWindow({ storage: 'blocked' })
    expect(() => win.localStorage).toThrow()
    expect(readHints(win)).toEqual({})
    expect(() => writeHint(win, 'connection-status', 'connected')).not.toThrow()
    expect(() => writeHint(win, 'connection-status')).not.toThrow()
  })
})
