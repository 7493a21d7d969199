import { API_ERRORS, MODAL_ERRORS, WalletFrameError } from '@walletframe/protocol'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createApiClient } from './api-client.ts'

const ADDRESS = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'
const WALLET_ID = 'a'.repeat(64)

/** A tiny fake fetch: records the URLs and answers with `reply`. */
function fakeFetch(reply: (url: URL) => Response | Promise<Response>) {
  const urls: URL[] = []
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input))
    urls.push(url)
    return reply(url)
  })
  return { fetch: fetch as unknown as typeof globalThis.fetch, urls }
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

const client = (fetch: typeof globalThis.fetch, timeoutMs?: number) =>
  createApiClient({
    baseUrl: 'http://127.0.0.1:5177/',
    projectId: 'walletframe-dev',
    sdkVersion: '0.1.0',
    fetch,
    ...(timeoutMs ? { timeoutMs } : {}),
  })

const balance = {
  name: 'Devnet USD',
  symbol: 'dUSD',
  chainId: 'eip155:31337',
  address: 'eip155:31337:0x5fbdb2315678afecb367f032d93f642f64180aa3',
  value: 1100.5,
  price: 1,
  quantity: { decimals: '6', numeric: '1100.5' },
  iconUrl: '',
}

afterEach(() => vi.useRealTimers())

describe('data API client', () => {
  it('sends projectId, st and sv with every call and reads the balance', async () => {
    const { fetch, urls } = fakeFetch(() => json({ balances: [balance] }))
    expect(await client(fetch).balance(ADDRESS, 31337)).toEqual([balance])
    const url = urls[0]!
    expect(url.origin + url.pathname).toBe(`http://127.0.0.1:5177/v1/account/${ADDRESS}/balance`)
    expect(Object.fromEntries(url.searchParams)).toEqual({
      projectId: 'walletframe-dev',
      st: 'walletframe',
      sv: '0.1.0',
      currency: 'usd',
      chainId: 'eip155:31337',
    })
  })

  it('passes the history cursor and chain, and the registry lists as comma-joined ids', async () => {
    const { fetch, urls } = fakeFetch((url) =>
      url.pathname.endsWith('/history') ? json({ data: [], next: null }) : json({ data: [], count: 0 }),
    )
    const api = client(fetch)
    expect(await api.history(ADDRESS, { chainId: 1, cursor: 'abc_1' })).toEqual({ data: [], next: null })
    expect(urls[0]!.searchParams.get('cursor')).toBe('abc_1')
    expect(urls[0]!.searchParams.get('chainId')).toBe('eip155:1')
    await api.wallets({ page: 2, entries: 40, include: [WALLET_ID, 'io.metamask'], exclude: [], search: '' })
    const params = Object.fromEntries(urls[1]!.searchParams)
    // Names and rdns are not registry ids: the API would refuse them, so they are not sent.
    expect(params).toMatchObject({ page: '2', entries: '40', include: WALLET_ID })
    expect(params).not.toHaveProperty('exclude')
    expect(params).not.toHaveProperty('search')
  })

  it('turns a non-2xx answer into a WalletFrameError carrying the status', async () => {
    const { fetch } = fakeFetch(() => json({ code: 'UNSUPPORTED_CHAIN', message: 'Unsupported chain' }, 400))
    const error = await client(fetch)
      .balance(ADDRESS, 1)
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(WalletFrameError)
    expect(error).toMatchObject({ code: 400, reason: API_ERRORS.unsupportedChain.reason })
    expect((error as WalletFrameError).details).toContain('UNSUPPORTED_CHAIN')
  })

  it('falls back to the cached read when a forceUpdate is throttled, without an error', async () => {
    const { code, message } = API_ERRORS.rateLimited
    const { fetch, urls } = fakeFetch((url) =>
      url.searchParams.has('forceUpdate') ? json({ code, message }, 429) : json({ balances: [balance] }),
    )
    expect(await client(fetch).balance(ADDRESS, 31337, true)).toEqual([balance])
    expect(urls.map((url) => url.searchParams.get('forceUpdate'))).toEqual(['true', null])
    // Without forceUpdate a 429 is an error like any other, and so is any other failure of a forced read.
    const limited = fakeFetch(() => json({ code, message }, 429))
    await expect(client(limited.fetch).balance(ADDRESS, 31337)).rejects.toMatchObject({ code: 429 })
    const down = fakeFetch(() => json(API_ERRORS.chainUnavailable, 503))
    await expect(client(down.fetch).balance(ADDRESS, 31337, true)).rejects.toMatchObject({ code: 503 })
    expect(down.urls).toHaveLength(1)
  })

  it('refuses an answer that does not match the protocol shape', async () => {
    const { fetch } = fakeFetch(() => json({ balances: [{ name: 'x' }] }))
    await expect(client(fetch).balance(ADDRESS, 1)).rejects.toBeInstanceOf(WalletFrameError)
    const broken = fakeFetch(() => new Response('not json', { status: 200 }))
    await expect(client(broken.fetch).identity(ADDRESS)).rejects.toBeInstanceOf(WalletFrameError)
  })

  it('turns a network failure into a WalletFrameError', async () => {
    const { fetch } = fakeFetch(() => {
      throw new TypeError('Failed to fetch')
    })
    await expect(client(fetch).identity(ADDRESS)).rejects.toMatchObject({
      reason: MODAL_ERRORS.httpFailed.reason,
    })
  })

  it('gives up after the HTTP timeout', async () => {
    vi.useFakeTimers()
    const fetch = ((_: unknown, init?: RequestInit) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
      })) as typeof globalThis.fetch
    const pending = client(fetch, 10_000)
      .identity(ADDRESS)
      .catch((e: unknown) => e)
    await vi.advanceTimersByTimeAsync(10_000)
    expect(await pending).toMatchObject({ reason: MODAL_ERRORS.httpTimeout.reason })
  })

  it('builds wallet image URLs with the client parameters', () => {
    const { fetch } = fakeFetch(() => json({}))
    const url = new URL(client(fetch).walletImageUrl('0f0e0d0c-0000-4000-8000-000000000000'))
    expect(url.pathname).toBe('/getWalletImage/0f0e0d0c-0000-4000-8000-000000000000')
    expect(url.searchParams.get('projectId')).toBe('walletframe-dev')
  })

  it('appends clientId to every wallet-service call and image, and to no data API call (spec §7)', async () => {
    const { fetch, urls } = fakeFetch((url) =>
      url.pathname === '/getWallets' ? json({ data: [], count: 0 }) : json({ balances: [] }),
    )
    const api = createApiClient({
      baseUrl: 'http://127.0.0.1:5177',
      projectId: 'walletframe-dev',
      sdkVersion: '0.1.0',
      clientId: 'c0ffee00-0000-4000-8000-000000000001',
      fetch,
    })
    await api.wallets({ page: 1, entries: 40 })
    await api.balance(ADDRESS, 31337)
    expect(urls[0]!.searchParams.get('clientId')).toBe('c0ffee00-0000-4000-8000-000000000001')
    expect(urls[1]!.searchParams.has('clientId')).toBe(false)
    for (const image of [
      api.walletImageUrl('0f0e0d0c-0000-4000-8000-000000000000'),
      api.tokenImageUrl('dUSD'),
    ])
      expect(new URL(image!).searchParams.get('clientId')).toBe('c0ffee00-0000-4000-8000-000000000001')
    expect(new URL(api.tokenImageUrl('USDC.e')!).pathname).toBe('/public/getTokenImage/USDC.e')
    // A symbol the image route refuses gets no URL: the list shows its initial.
    expect(api.tokenImageUrl('<b>')).toBeUndefined()
  })

  it('asks supported-chains once while it answers, and again after a failure', async () => {
    let status = 503
    const { fetch, urls } = fakeFetch(() =>
      json(status === 200 ? { http: ['eip155:1'], ws: [] } : {}, status),
    )
    const api = client(fetch)
    await expect(api.supportedChains()).rejects.toBeInstanceOf(WalletFrameError)
    status = 200
    const [first, second] = await Promise.all([api.supportedChains(), api.supportedChains()])
    expect(first).toEqual({ http: ['eip155:1'], ws: [] })
    expect(second).toBe(first)
    await api.supportedChains()
    expect(urls.map((url) => url.pathname)).toEqual(['/v1/supported-chains', '/v1/supported-chains'])
  })

  it('reads the standard gas price of a chain as wei', async () => {
    const { fetch, urls } = fakeFetch(() =>
      json({ standard: '1000000007', fast: '1500000000', instant: '2e9' }),
    )
    // A malformed speed is an unexpected answer, not a number.
    await expect(client(fetch).gasPrice(31337)).rejects.toBeInstanceOf(WalletFrameError)
    expect(urls[0]!.pathname).toBe('/v1/convert/gas-price')
    expect(urls[0]!.searchParams.get('chainId')).toBe('eip155:31337')
    const good = fakeFetch(() => json({ standard: '1000000007', fast: '1500000000', instant: '2000000000' }))
    expect(await client(good.fetch).gasPrice(31337)).toBe(1_000_000_007n)
  })

  it("resolves a name to its address, and an unknown one to the API's 404", async () => {
    const { fetch, urls } = fakeFetch(() =>
      json({ name: 'bob.wf', addresses: { '60': { address: ADDRESS } }, avatar: null }),
    )
    expect(await client(fetch).nameAddress('bob.wf')).toBe(ADDRESS)
    expect(urls[0]!.pathname).toBe('/v1/profile/account/bob.wf')
    const missing = fakeFetch(() => json({ code: 'NOT_FOUND', message: 'Not found' }, 404))
    await expect(client(missing.fetch).nameAddress('nobody.wf')).rejects.toMatchObject({
      reason: API_ERRORS.notFound.reason,
    })
  })
})
