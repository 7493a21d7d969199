import { WALLETFRAME_NAME, WALLETFRAME_RDNS } from '@walletframe/protocol'
import { describe, expect, it } from 'vitest'
import { createFakeWindow } from '../test/fake-window.ts'
import { announceProvider } from './announce.ts'

function collect(win: Window) {
  const details: { info: Record<string, string>; provider: unknown }[] = []
  win.addEventListener('eip6963:announceProvider', (event) => details.push((event as CustomEvent).detail))
  return details
}

describe('EIP-6963 announcement', () => {
  it('announces at once and answers every requestProvider, with one frozen detail', () => {
    const { win } = createFakeWindow()
    const details = collect(win)
    const provider = { request: async () => null }
    const stop = announceProvider(win, provider)
    win.dispatchEvent(new Event('eip6963:requestProvider'))
    expect(details).toHaveLength(2)
    const [first, second] = details
    expect(second).toBe(first)
    expect(Object.isFrozen(first)).toBe(true)
    expect(Object.isFrozen(first!.info)).toBe(true)
    expect(first!.provider).toBe(provider)
    expect(first!.info).toMatchObject({ name: WALLETFRAME_NAME, rdns: WALLETFRAME_RDNS })
    expect(first!.info.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(first!.info.icon).toMatch(/^data:image\/svg\+xml,/)
    stop()
    win.dispatchEvent(new Event('eip6963:requestProvider'))
    expect(details).toHaveLength(2)
  })

  it('makes a v4 uuid where randomUUID is missing (an insecure context)', () => {
    const { win } = createFakeWindow()
    Object.assign(win, { crypto: { getRandomValues: (a: Uint8Array) => crypto.getRandomValues(a) } })
    const details = collect(win)
    announceProvider(win, {})
    expect(details[0]!.info.uuid).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    )
  })

  it('announces the one rdns WALLETFRAME_RDNS ("io.walletframe"), the same for every instance', () => {
    expect(WALLETFRAME_RDNS).toBe('io.walletframe')
    const rdnsOf = () => {
      const { win } = createFakeWindow()
      const details = collect(win)
      announceProvider(win, {})
      return details[0]!.info.rdns
    }
    // A reload is a new window with a new instance: the same rdns, whatever the uuid.
    expect([rdnsOf(), rdnsOf()]).toEqual([WALLETFRAME_RDNS, WALLETFRAME_RDNS])
  })

  it('a second instance in the page announces its own provider (its own uuid) under the same rdns', () => {
    const { win } = createFakeWindow()
    const details = collect(win)
    const first = { request: async () => 'first' }
    const second = { request: async () => 'second' }
    announceProvider(win, first)
    announceProvider(win, second)
    details.length = 0
    win.dispatchEvent(new Event('eip6963:requestProvider'))
    expect(details.map((detail) => detail.provider)).toEqual([first, second])
    // What wagmi keys an announced provider's connector by: one rdns, so one connector.
    expect(new Set(details.map((detail) => detail.info.rdns))).toEqual(new Set([WALLETFRAME_RDNS]))
    expect(new Set(details.map((detail) => detail.info.uuid)).size).toBe(2)
  })
})
