import { TIME } from '@walletframe/protocol'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createPointerRest } from './pointer-rest.ts'
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
    visible: (time: number) =>
      report?.([{ time, isIntersecting: true, intersectionRatio: 1, isVisible: true }]),
    hidden: (time: number, isIntersecting = true) =>
      report?.([{ time, isIntersecting, intersectionRatio: isIntersecting ? 1 : 0, isVisible: false }]),
    clipped: (time: number) =>
      report?.([{ time, isIntersecting: true, intersectionRatio: 0.6, isVisible: true }]),
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
    expect(guard.judge(trusted, 0)).toBe('hidden')
    expect(guard.judge({ isTrusted: false }, 0)).toBe('untrusted')
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

  it('does not count an approval partly outside the viewport as visible', () => {
    const io = fakeObserver()
    const guard = createVisibilityGuard(target, { observe: io.observe, supported: true })
    io.clipped(0)
    expect(guard.judge(trusted, 5_000)).toBe('hidden')
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

describe('the pointer rule of the guard', () => {
  /** A pointer event with the frame at screen offset (dx, dy). */
  const at = (timeStamp: number, dx = 100, dy = 200, x = 40, y = 50) => ({
    timeStamp,
    screenX: x + dx,
    screenY: y + dy,
    clientX: x,
    clientY: y,
  })
  const visibleGuard = () => {
    const io = fakeObserver()
    const pointer = createPointerRest()
    const guard = createVisibilityGuard(target, { observe: io.observe, supported: true, pointer })
    io.visible(0)
    return { guard, pointer }
  }

  it('counts a pointer click only after the pointer rested in the frame for 500 ms', () => {
    const { guard, pointer } = visibleGuard()
    pointer.moved(at(1_000))
    expect(guard.accepts({ isTrusted: true, detail: 1, ...at(1_200) }, 1_200)).toBe(false)
    pointer.moved(at(1_300, 100, 200, 45, 55)) // moving inside the frame keeps the rest
    expect(guard.accepts({ isTrusted: true, detail: 1, ...at(1_500) }, 1_500)).toBe(true)
  })

  it('refuses a click on a frame moved under the pointer, however long it was visible', () => {
    const { guard, pointer } = visibleGuard()
    pointer.moved(at(1_000))
    // The host slides the frame by 300 px; the pointer stays where it was on the screen.
    pointer.moved(at(5_000, 400, 200, 40 - 300, 50))
    expect(guard.judge({ isTrusted: true, detail: 1, ...at(5_050, 400, 200, -260, 50) }, 5_050)).toBe(
      'pointer',
    )
    expect(guard.accepts({ isTrusted: true, detail: 1, ...at(5_600, 400, 200, -260, 50) }, 5_600)).toBe(true)
  })

  it('takes a click in whole pixels as the same place as the fractional pointer moves before it', () => {
    const { guard, pointer } = visibleGuard()
    pointer.moved({ timeStamp: 1_000, screenX: 816.5, screenY: 737.35, clientX: 716.5, clientY: 537.35 })
    expect(
      guard.judge(
        {
          isTrusted: true,
          detail: 1,
          timeStamp: 1_600,
          screenX: 816,
          screenY: 737,
          clientX: 717,
          clientY: 537,
        },
        1_600,
      ),
    ).toBe('accepted')
  })

  it('refuses a click whose frame offset differs from where the pointer rested', () => {
    const { guard, pointer } = visibleGuard()
    pointer.moved(at(1_000))
    expect(guard.accepts({ isTrusted: true, detail: 1, ...at(2_000, 103, 200) }, 2_000)).toBe(false)
  })

  it('forgets the rest when the pointer leaves the frame', () => {
    const { guard, pointer } = visibleGuard()
    pointer.moved(at(1_000))
    pointer.left()
    expect(guard.accepts({ isTrusted: true, detail: 1, ...at(2_000) }, 2_000)).toBe(false)
  })

  it('judges a keyboard activation (detail 0) by visibility alone', () => {
    const { guard } = visibleGuard()
    expect(guard.accepts({ isTrusted: true, detail: 0 }, 600)).toBe(true)
  })
})
