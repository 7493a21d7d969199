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

  it('stays silent while another WalletFrame provider answers in the page, and announces once it is gone', () => {
    const { win } = createFakeWindow()
    const details = collect(win)
    const first = { request: async () => 'first' }
    const stopFirst = announceProvider(win, first)
    const stopSecond = announceProvider(win, { request: async () => 'second' })
    win.dispatchEvent(new Event('eip6963:requestProvider'))
    const providers = new Set(details.map((detail) => detail.provider))
    const uuids = new Set(details.map((detail) => detail.info.uuid))
    expect([...providers]).toEqual([first])
    expect(uuids.size).toBe(1)
    stopSecond()
    stopFirst()
    // React strict mode: the first instance is destroyed before the next one is made.
    const third = { request: async () => 'third' }
    announceProvider(win, third)
    expect(details.at(-1)!.provider).toBe(third)
  })
})
