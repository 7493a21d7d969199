import { TIME, type TokenBalance, type Transaction, UI_MESSAGES } from '@walletframe/protocol'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createHostStorage } from '../core/index.ts'
import { ACCOUNT_DATA_IDLE } from './account-data.ts'
import { CACHE_KEYS, cacheKey, createStoredCache } from './cache.ts'
import { ADDRESS, setupAccountData, token } from './test-support.ts'

const tx = (id: string, minedAt: string): Transaction => ({
  id,
  metadata: {
    operationType: 'receive',
    hash: `0x${id}`,
    minedAt,
    sentFrom: ADDRESS,
    sentTo: ADDRESS,
    status: 'confirmed',
    nonce: 0,
    chain: 'eip155:31337',
  },
  transfers: [],
})

const setup = () => setupAccountData()

beforeEach(() => vi.useFakeTimers({ now: new Date('2026-03-01T00:00:00Z') }))
afterEach(() => vi.useRealTimers())

describe('stored cache', () => {
  it('answers within its lifetime, then forgets, and persists through host storage', () => {
    const { storage, writes } = setup()
    const cache = createStoredCache({
      storage,
      storageKey: 'test-cache',
      ttlMs: 1000,
      isValue: (v): v is number => typeof v === 'number',
    })
    cache.set('a', 1)
    expect(JSON.parse(writes['test-cache']!)).toMatchObject({ a: { value: 1 } })
    vi.advanceTimersByTime(999)
    expect(cache.get('a')).toBe(1)
    vi.advanceTimersByTime(1)
    expect(cache.get('a')).toBeUndefined()
    cache.set('b', 2)
    // The expired entry is dropped on write.
    expect(Object.keys(JSON.parse(writes['test-cache']!))).toEqual(['b'])
  })

  it('ignores what it cannot trust in host storage', () => {
    const storage = createHostStorage(
      { 'test-cache': '{"a":{"at":0,"value":"str"}}', other: 'not json' },
      { set: () => undefined, remove: () => undefined },
      () => undefined,
    )
    const cache = createStoredCache({
      storage,
      storageKey: 'test-cache',
      ttlMs: 10 ** 15,
      isValue: (v): v is number => typeof v === 'number',
    })
    expect(cache.get('a')).toBeUndefined()
    expect(cache.get('__proto__')).toBeUndefined()
  })
})

describe('account data', () => {
  it('caches balances for 30 s per address and chain', async () => {
    const { data, api, store, writes } = setup()
    await data.loadTokens()
    expect(store.get().accountData.tokens).toEqual({ state: 'loaded', balances: [token] })
    expect(writes[CACHE_KEYS.balance]).toContain(cacheKey(ADDRESS, 31337))
    await data.loadTokens()
    expect(api.balance).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(TIME.balanceCacheMs)
    await data.loadTokens()
    expect(api.balance).toHaveBeenCalledTimes(2)
  })

  it('caches identity for 5 minutes', async () => {
    const { data, api, store } = setup()
    await data.loadIdentity()
    expect(store.get().accountData.identity).toEqual({ name: 'alice.wf', avatar: null })
    vi.advanceTimersByTime(TIME.identityCacheMs - 1)
    await data.loadIdentity()
    expect(api.identity).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(1)
    await data.loadIdentity()
    expect(api.identity).toHaveBeenCalledTimes(2)
  })

  it("shows 'Token Balance Unavailable' and blocks retries for 30 s after a failure", async () => {
    const { data, api, store, toast } = setup()
    api.balance.mockRejectedValueOnce(new Error('boom'))
    await data.loadTokens()
    expect(store.get().accountData.tokens.state).toBe('error')
    expect(toast).toHaveBeenCalledWith(UI_MESSAGES.tokenBalanceUnavailable)
    vi.advanceTimersByTime(TIME.balanceRetryIntervalMs - 1)
    expect(data.retryBlocked()).toBe(true)
    await data.loadTokens()
    expect(api.balance).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(1)
    expect(data.retryBlocked()).toBe(false)
    await data.loadTokens()
    expect(api.balance).toHaveBeenCalledTimes(2)
    expect(store.get().accountData.tokens.state).toBe('loaded')
  })

  it('pages activity with the cursor, replacing repeated ids, and starts over on another chain', async () => {
    const { data, api, store, switchTo } = setup()
    api.history
      .mockResolvedValueOnce({ data: [tx('b', '2026-02-02T00:00:00Z')], next: 'p2' })
      .mockResolvedValueOnce({
        data: [tx('b', '2026-02-03T00:00:00Z'), tx('a', '2026-01-01T00:00:00Z')],
        next: null,
      })
    await data.loadActivity()
    await data.loadActivity()
    expect(api.history).toHaveBeenLastCalledWith(ADDRESS, { chainId: 31337, cursor: 'p2' })
    const { activity } = store.get().accountData
    expect(activity.transactions.map((t) => [t.id, t.metadata.minedAt])).toEqual([
      ['b', '2026-02-03T00:00:00Z'],
      ['a', '2026-01-01T00:00:00Z'],
    ])
    expect(activity.next).toBeNull()
    await data.loadActivity()
    expect(api.history).toHaveBeenCalledTimes(2)
    switchTo({ address: ADDRESS, chainId: 1 })
    data.sync()
    expect(store.get().accountData.activity.transactions).toEqual([])
  })

  it('fetches the newest page again when shown, merging new transfers and keeping the older cursor', async () => {
    const { data, api, store } = setup()
    api.history
      .mockResolvedValueOnce({ data: [tx('a', '2026-01-01T00:00:00Z')], next: 'p2' })
      .mockResolvedValueOnce({
        data: [tx('new', '2026-03-01T00:00:00Z'), tx('a', '2026-01-01T00:00:00Z')],
        next: 'p2',
      })
    await data.loadActivity({ newest: true })
    await data.loadActivity({ newest: true })
    expect(api.history).toHaveBeenLastCalledWith(ADDRESS, { chainId: 31337, cursor: undefined })
    const { activity } = store.get().accountData
    expect(activity.transactions.map((t) => t.id).sort()).toEqual(['a', 'new'])
    expect(activity.next).toBe('p2')
  })

  it('empties the list and clears the cursor when a page fails', async () => {
    const { data, api, store, toast } = setup()
    api.history.mockResolvedValueOnce({ data: [tx('a', '2026-01-01T00:00:00Z')], next: 'p2' })
    api.history.mockRejectedValueOnce(new Error('boom'))
    await data.loadActivity()
    await data.loadActivity()
    expect(store.get().accountData.activity).toEqual({
      state: 'error',
      transactions: [],
      next: null,
      empty: true,
    })
    expect(toast).toHaveBeenCalledWith(UI_MESSAGES.failedToFetchTransactions)
  })

  it('drops an answer for an account that is no longer shown', async () => {
    const { data, api, store, switchTo } = setup()
    let resolve!: (value: TokenBalance[]) => void
    api.balance.mockReturnValueOnce(new Promise((r) => (resolve = r)))
    const loading = data.loadTokens()
    await vi.waitFor(() => expect(api.balance).toHaveBeenCalled())
    switchTo(undefined)
    data.sync()
    resolve([token])
    await loading
    expect(store.get().accountData).toEqual(ACCOUNT_DATA_IDLE)
  })
})
