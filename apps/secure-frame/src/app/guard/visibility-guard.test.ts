import { TIME } from '@walletframe/protocol'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createVisibilityGuard, type ObserverFactory, type VisibilityEntry } from './visibility-guard.ts'

const target = {} as Element
const trusted = { isTrusted: true }

/** A fake IO v2: the test reports entries itself, at times of its fake clock. */
function fakeObserver() {
  let report: ((entries: VisibilityEntry[]) => void) | undefined
  let options: unknown
  let disconnected = false
  const observe: ObserverFactory = (callback, init) => {
    report = callback
    options = init
    return { observe: () => {}, disconnect: () => (disconnected = true) }
  }
  return {
    observe,
    options: () => options,
    disconnected: () => disconnected,
    visible: (time: number) => report?.([{ time, isIntersecting: true, isVisible: true }]),
    hidden: (time: number, isIntersecting = true) => report?.([{ time, isIntersecting, isVisible: false }]),
  }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('the approval clickjacking guard', () => {
  it('arms Approve once the frame was visible for 500 ms, and disarms it when it is not', () => {
    vi.useFakeTimers()
    const io = fakeObserver()
    const armed: boolean[] = []
    let clock = 0
    createVisibilityGuard(target, {
      observe: io.observe,
      supported: true,
      now: () => clock,
      onArmedChange: (value) => armed.push(value),
    })
    io.visible(0)
    vi.advanceTimersByTime(TIME.approvalVisibleMs - 1)
    expect(armed).toEqual([])
    vi.advanceTimersByTime(1)
    expect(armed).toEqual([true])
    clock = 800
    io.hidden(800)
    expect(armed).toEqual([true, false])
    clock = 900
    io.visible(900)
    io.hidden(1_000) // back before the wait ended: never armed again
    vi.advanceTimersByTime(TIME.approvalVisibleMs)
    expect(armed).toEqual([true, false])
  })

  it('asks IntersectionObserver v2 for visibility tracking of the whole frame', () => {
    const io = fakeObserver()
    createVisibilityGuard(target, { observe: io.observe, supported: true })
    expect(io.options()).toEqual({ trackVisibility: true, delay: 100, threshold: [1] })
  })

  it('ignores a click before the frame was visible for 500 ms', () => {
    const io = fakeObserver()
    const guard = createVisibilityGuard(target, { observe: io.observe, supported: true })
    expect(guard.accepts(trusted, 0)).toBe(false)
    io.visible(1_000)
    expect(guard.accepts(trusted, 1_000 + TIME.approvalVisibleMs - 1)).toBe(false)
  })

  it('counts a trusted click once the frame was visible for 500 ms', () => {
    const io = fakeObserver()
    const guard = createVisibilityGuard(target, { observe: io.observe, supported: true })
    io.visible(1_000)
    io.visible(1_200) // a later "still visible" report does not restart the stretch
    expect(guard.accepts(trusted, 1_000 + TIME.approvalVisibleMs)).toBe(true)
  })

  it('restarts the wait when visibility is interrupted', () => {
    const io = fakeObserver()
    const guard = createVisibilityGuard(target, { observe: io.observe, supported: true })
    io.visible(0)
    io.hidden(900) // covered, faded or transformed by the host
    expect(guard.accepts(trusted, 1_000)).toBe(false)
    io.visible(1_000)
    expect(guard.accepts(trusted, 1_400)).toBe(false)
    expect(guard.accepts(trusted, 1_500)).toBe(true)
    io.hidden(1_600, false) // scrolled out
    expect(guard.accepts(trusted, 5_000)).toBe(false)
  })

  it('ignores an untrusted (scripted) click however long the frame was visible', () => {
    const io = fakeObserver()
    const guard = createVisibilityGuard(target, { observe: io.observe, supported: true })
    io.visible(0)
    expect(guard.accepts({ isTrusted: false }, 10_000)).toBe(false)
  })

  it('fails closed without IntersectionObserver v2', () => {
    const guard = createVisibilityGuard(target, { supported: false })
    expect(guard.supported).toBe(false)
    expect(guard.accepts(trusted, 1e9)).toBe(false)
  })

  it('uses its own clock when the click carries no time', () => {
    const io = fakeObserver()
    let now = 0
    const guard = createVisibilityGuard(target, { observe: io.observe, supported: true, now: () => now })
    io.visible(0)
    now = 499
    expect(guard.accepts(trusted)).toBe(false)
    now = 500
    expect(guard.accepts(trusted)).toBe(true)
    guard.disconnect()
    expect(io.disconnected()).toBe(true)
  })
})
