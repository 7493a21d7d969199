/** The session's wiring of the data API: offered only with an API, per account, cached in host storage. */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { CACHE_KEYS } from '../features/account/cache.ts'
import { createFakeWallet } from '../features/connect/test-wallet.ts'
import { connectWallet, type SessionHarness, startSession, testNetwork } from './test-support.ts'

const networks = [testNetwork(31337, 'http://127.0.0.1:9/')]
const harnesses: SessionHarness[] = []
afterEach(() => {
  for (const harness of harnesses.splice(0)) harness.close()
})

function fakeApi() {
  const urls: string[] = []
  const fetch = (async (input: RequestInfo | URL) => {
    urls.push(String(input))
    const path = new URL(String(input)).pathname
    const body = path.endsWith('/balance')
      ? { balances: [] }
      : path.includes('/identity/')
        ? { name: 'alice.wf', avatar: null }
        : { data: [], count: 0 }
    return new Response(JSON.stringify(body), { status: 200 })
  }) as typeof globalThis.fetch
  return { fetch, urls }
}

describe('session data API', () => {
  it('offers no tabs or registry without an API', () => {
    const harness = startSession({ networks, wallets: [] })
    harnesses.push(harness)
    expect(harness.session.store.get().dataAvailable).toBe(false)
    expect(harness.session.accountData()).toBeUndefined()
  })

  it('loads the connected account and keeps the balance cache in host storage', async () => {
    const api = fakeApi()
    const wallet = createFakeWallet()
    const harness = startSession({
      networks,
      wallets: [wallet],
      session: { api: { url: 'http://api.test', fetch: api.fetch } },
    })
    harnesses.push(harness)
    expect(harness.session.store.get().dataAvailable).toBe(true)
    await connectWallet(harness, wallet)
    const key = harness.session.store.get().accountData.key
    expect(key).toContain('@eip155:31337')
    await harness.session.accountData()?.loadTokens()
    await harness.session.accountData()?.loadIdentity()
    expect(harness.session.store.get().accountData.identity?.name).toBe('alice.wf')
    await vi.waitFor(() => expect(harness.hostStorage.get(CACHE_KEYS.balance)).toContain(key))
    expect(api.urls.every((url) => url.includes('projectId=walletframe-test&st=walletframe&sv=0.1.0'))).toBe(
      true,
    )
    await harness.session.disconnect()
    expect(harness.session.store.get().accountData.key).toBeUndefined()
  })
})
