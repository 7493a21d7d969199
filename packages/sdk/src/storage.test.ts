import { MODAL_ERRORS } from '@walletframe/protocol'
import { describe, expect, it } from 'vitest'
import { createFakeWindow, FakeStorage } from '../test/fake-window.ts'
import { readHints, removeHint, writeHint } from './storage.ts'

/** A storage that refuses values longer than `quota`, as a browser does past its quota. */
class QuotaStorage extends FakeStorage {
  constructor(private readonly quota: number) {
    super()
  }
  override setItem(key: string, value: string) {
    if (value.length > this.quota) throw new DOMException('quota', 'QuotaExceededError')
    super.setItem(key, value)
  }
}

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
    expect(writeHint(win, 'connector-id', 'io.metamask')).toBeNull()
    expect(fake.storage.getItem('@walletframe/connector-id')).toBe('io.metamask')
    removeHint(win, 'connector-id')
    expect(fake.storage.getItem('@walletframe/connector-id')).toBeNull()
  })

  it('reads unavailable storage as empty, and says so with a typed error when asked to write', () => {
    const { win } = createFakeWindow({ storage: 'blocked' })
    expect(() => win.localStorage).toThrow()
    expect(readHints(win)).toEqual({})
    expect(() => writeHint(win, 'connection-status', 'connected')).toThrow(
      expect.objectContaining({
        reason: MODAL_ERRORS.hostStorageWriteFailed.reason,
        details: 'SecurityError',
      }),
    )
    expect(() => removeHint(win, 'connection-status')).not.toThrow()
  })

  it('a write over the page’s quota is a typed error, and the previous value stays', () => {
    const storage = new QuotaStorage(20)
    const { win } = createFakeWindow({ storage })
    writeHint(win, 'recent-wallets', '[]')
    expect(() => writeHint(win, 'recent-wallets', 'x'.repeat(21))).toThrow(
      expect.objectContaining({
        reason: MODAL_ERRORS.hostStorageWriteFailed.reason,
        details: 'QuotaExceededError',
      }),
    )
    expect(readHints(win)).toEqual({ 'recent-wallets': '[]' })
  })
})
