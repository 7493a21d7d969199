/** The session's wiring of the Swap view: opened on request once connected, services kept per data API. */
import { afterEach, describe, expect, it } from 'vitest'
import { createFakeWallet } from '../features/connect/test-wallet.ts'
import { connectWallet, type SessionHarness, startSession, testNetwork } from './test-support.ts'

const networks = [testNetwork(31337, 'http://127.0.0.1:9/')]
const harnesses: SessionHarness[] = []
afterEach(() => {
  for (const harness of harnesses.splice(0)) harness.close()
})
const fetchNothing = (async () => new Response('{}', { status: 200 })) as typeof globalThis.fetch

describe('session swap', () => {
  it("opens Swap on the dapp's request only with a connected account (Connect first otherwise)", async () => {
    const wallet = createFakeWallet()
    const harness = startSession({ networks, wallets: [wallet] })
    harnesses.push(harness)
    await harness.host.request('modal.open', { view: 'Swap' })
    expect(harness.session.store.get()).toMatchObject({ open: true, view: 'Connect' })
    await connectWallet(harness, wallet)
    harness.session.close()
    await harness.host.request('modal.open', { view: 'Swap' })
    expect(harness.session.store.get()).toMatchObject({ open: true, view: 'Swap' })
  })

  it('offers swap services only with a data API, the same ones each time (their flow outlives the view)', () => {
    const without = startSession({ networks, wallets: [] })
    harnesses.push(without)
    expect(without.session.swapServices()).toBeUndefined()
    const harness = startSession({
      networks,
      wallets: [],
      session: { api: { url: 'http://api.test', fetch: fetchNothing } },
    })
    harnesses.push(harness)
    const services = harness.session.swapServices()
    expect(services).toBeDefined()
    expect(harness.session.swapServices()).toBe(services)
    expect(services?.account()).toBeUndefined()
  })
})
