/** The session's wiring of the data API: offered only with an API, per account, cached in host storage. */
import { STORAGE_KEYS } from '@walletframe/protocol'
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
        : path.endsWith('/supported-chains')
          ? { http: ['eip155:31337'], ws: [] }
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

  it('asks supported-chains first, and keeps one clientId in host storage across loads (spec §7)', async () => {
    const api = fakeApi()
    const start = (storage?: Record<string, string>) => {
      const harness = startSession({
        networks,
        wallets: [],
        session: { api: { url: 'http://api.test', fetch: api.fetch } },
        ...(storage ? { storage } : {}),
      })
      harnesses.push(harness)
      return harness
    }
    const first = start()
    await vi.waitFor(() => expect(api.urls).toHaveLength(1))
    expect(new URL(api.urls[0]!).pathname).toBe('/v1/supported-chains')
    // The host keeps it once the channel delivered the write.
    await vi.waitFor(() => expect(first.hostStorage.has(STORAGE_KEYS.clientId)).toBe(true))
    const clientId = first.hostStorage.get(STORAGE_KEYS.clientId)
    expect(clientId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    const imageUrl = (harness: SessionHarness) =>
      new URL(harness.session.dataApi()!.walletImageUrl('0f0e0d0c-0000-4000-8000-000000000000'))
    expect(imageUrl(first).searchParams.get('clientId')).toBe(clientId)
    // A reload of the host page: the modal reads the id back from the host's storage.
    const second = start({ [STORAGE_KEYS.clientId]: clientId! })
    expect(imageUrl(second).searchParams.get('clientId')).toBe(clientId)
  })
})
