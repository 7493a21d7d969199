import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createToastQueue, type Toast } from './toast-queue.ts'

describe('toast queue (spec §4 Toast)', () => {
  let seen: (Toast | undefined)[]
  beforeEach(() => {
    vi.useFakeTimers()
    seen = []
  })
  afterEach(() => vi.useRealTimers())
  const queue = (debug = false, log?: (m: string) => void) =>
    createToastQueue({ debug, onChange: (t) => seen.push(t), ...(log ? { log } : {}) })

  it('shows a message at once when none is open', () => {
    const toasts = queue()
    toasts.show('success', 'Address copied')
    expect(toasts.current?.message).toBe('Address copied')
  })
  it('replaces an open message after a 150 ms pause', () => {
    const toasts = queue()
    toasts.show('success', 'first')
    toasts.show('error', 'second')
    expect(toasts.current).toBeUndefined()
    vi.advanceTimersByTime(149)
    expect(toasts.current).toBeUndefined()
    vi.advanceTimersByTime(1)
    expect(toasts.current?.message).toBe('second')
  })
  it('auto-closes by default but keeps loading toasts', () => {
    const toasts = queue()
    toasts.show('success', 'done')
    vi.advanceTimersByTime(5_000)
    expect(toasts.current).toBeUndefined()
    toasts.show('loading', 'waiting')
    vi.advanceTimersByTime(60_000)
    expect(toasts.current?.variant).toBe('loading')
  })
  it('shows debug messages only with debug on, and always logs them', () => {
    const logged: string[] = []
    const quiet = queue(false, (m) => logged.push(m))
    quiet.debug('details')
    expect(quiet.current).toBeUndefined()
    const loud = queue(true, (m) => logged.push(m))
    loud.debug('details')
    expect(loud.current).toMatchObject({ variant: 'info', message: 'details' })
    expect(logged).toEqual(['details', 'details'])
  })
})
