import { describe, expect, it, vi } from 'vitest'
import { createConsentTracker } from './consent.ts'
import type { Tracker } from './tracker.ts'

const EVENT = { event: 'MODAL_OPEN', properties: { connected: false } } as const

function fakeTrackers() {
  const made: (Tracker & { events: unknown[] })[] = []
  const make = () => {
    const events: unknown[] = []
    const tracker = { events, track: (e: unknown) => events.push(e), flush: vi.fn(), stop: vi.fn() }
    made.push(tracker)
    return tracker
  }
  return { made, make }
}

describe('the consent tracker', () => {
  it('makes no tracker before consent, so events then are dropped, not queued', () => {
    const { made, make } = fakeTrackers()
    const tracker = createConsentTracker(make, false)
    tracker.track(EVENT)
    tracker.flush()
    expect(made).toEqual([])
    tracker.consent?.(true)
    expect(made).toHaveLength(1)
    expect(made[0]!.events).toEqual([])
    tracker.track(EVENT)
    expect(made[0]!.events).toEqual([EVENT])
  })

  it('stops its tracker at a revoke, and a later grant makes a new one', () => {
    const { made, make } = fakeTrackers()
    const tracker = createConsentTracker(make, true)
    tracker.consent?.(true) // granted again: the same tracker
    expect(made).toHaveLength(1)
    tracker.consent?.(false)
    expect(made[0]!.stop).toHaveBeenCalledOnce()
    tracker.track(EVENT)
    expect(made[0]!.events).toEqual([])
    tracker.consent?.(true)
    expect(made).toHaveLength(2)
  })
})
