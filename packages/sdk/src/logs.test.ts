import { LOG_BUFFER_BYTES } from '@walletframe/protocol'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createLog } from './logs.ts'

const AT = Date.UTC(2026, 10, 27, 9, 0, 0)
/** `1795770000000 ` */
const PREFIX_BYTES = 14
const messages = (lines: string[]) => lines.map((line) => line.slice(PREFIX_BYTES))

describe('log ring buffer (spec §9 "Log buffer about 1 MB by default")', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: AT })
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('stamps each line with the time it was logged, oldest first', () => {
    const { log, lines } = createLog(LOG_BUFFER_BYTES)
    log('modal', 'balance fetch failed: timeout')
    vi.advanceTimersByTime(5)
    log(new Error('boom'))
    expect(lines()).toEqual([`${AT} modal balance fetch failed: timeout`, `${AT + 5} Error: boom`])
  })

  it('evicts the oldest lines once the bytes pass the limit, only as many as needed', () => {
    // Three lines of 10-byte messages fill the limit exactly: nothing goes.
    const { log, lines } = createLog(3 * (PREFIX_BYTES + 10))
    for (const n of [1, 2, 3]) log(`line ${n}-abc`)
    expect(lines()).toHaveLength(3)
    log('x')
    expect(messages(lines())).toEqual(['line 2-abc', 'line 3-abc', 'x'])
  })

  it('measures UTF-8 bytes, not characters', () => {
    // Room for two 5-character ASCII lines; "é" is 2 bytes, so 'ééééé' pushes both out.
    const { log, lines } = createLog(2 * (PREFIX_BYTES + 5))
    log('aaaaa')
    log('bbbbb')
    expect(lines()).toHaveLength(2)
    log('ééééé')
    expect(messages(lines())).toEqual(['ééééé'])
  })

  it('keeps about 1 MB by default, not more', () => {
    const { log, lines } = createLog(LOG_BUFFER_BYTES)
    const message = 'm'.repeat(1000 - PREFIX_BYTES)
    for (let i = 0; i < 2000; i += 1) log(message)
    expect(LOG_BUFFER_BYTES).toBe(1024 * 1024)
    expect(lines()).toHaveLength(Math.floor(LOG_BUFFER_BYTES / 1000))
  })

  it('hands out a copy, and echoes to the console only with debug', () => {
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => {})
    try {
      const quiet = createLog(100)
      quiet.log('a')
      quiet.lines().push('forged')
      expect(quiet.lines()).toHaveLength(1)
      expect(debug).not.toHaveBeenCalled()
      createLog(100, true).log('b', 1)
      expect(debug).toHaveBeenCalledWith('[walletframe]', 'b', 1)
    } finally {
      debug.mockRestore()
    }
  })
})
