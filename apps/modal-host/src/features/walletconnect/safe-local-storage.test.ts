import { describe, expect, it } from 'vitest'
import { ensureSafeLocalStorage } from './safe-local-storage.ts'

type Win = Window & typeof globalThis

describe('ensureSafeLocalStorage', () => {
  it('replaces a localStorage whose read throws with a working memory stand-in', () => {
    const win = {} as Win
    Object.defineProperty(win, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException("Failed to read the 'localStorage' property from 'Window'", 'SecurityError')
      },
    })
    expect(ensureSafeLocalStorage(win)).toBe('memory')
    win.localStorage.setItem('a', '1')
    expect(win.localStorage.getItem('a')).toBe('1')
    expect(win.localStorage.length).toBe(1)
    expect(win.localStorage.key(0)).toBe('a')
    win.localStorage.removeItem('a')
    expect(win.localStorage.getItem('a')).toBeNull()
  })

  it('leaves a working localStorage alone', () => {
    const storage = { length: 0 } as Storage
    const win = { localStorage: storage } as Win
    expect(ensureSafeLocalStorage(win)).toBe('native')
    expect(win.localStorage).toBe(storage)
  })
})
