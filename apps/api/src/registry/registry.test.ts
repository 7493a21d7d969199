import type { Database } from '@walletframe/db'
import {
  AnalyticsConfigResponseSchema,
  ApiErrorBodySchema,
  GetWalletsResponseSchema,
  type WalletListingEntry,
} from '@walletframe/protocol'
import type { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiEnv } from '../context.ts'
import { generateWallets, SEED_VERSION, SEED_WALLET_COUNT, seedRegistry } from './seed.ts'
import {
  type Backend,
  CLIENT,
  MODAL_ORIGIN,
  openTestStorage,
  QUIET_PROJECT,
  registryApp,
  type TestStorage,
} from './test-support.ts'

const SOLANA = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
const UNKNOWN_IMAGE_ID = '00000000-0000-4000-8000-000000000000'
const UNKNOWN_WALLET_ID = 'f'.repeat(64)
const BACKENDS: Backend[] = ['pglite', 'postgres']

describe.each(BACKENDS)('wallet registry over HTTP (%s)', (backend) => {
  let storage: TestStorage
  let db: Database
  let app: Hono<ApiEnv>

  beforeAll(async () => {
    storage = await openTestStorage(backend)
    db = storage.db
    app = registryApp(db)
  }, 120_000)
  afterAll(async () => {
    await storage?.close()
  }, 60_000)

  const get = (path: string, headers: Record<string, string> = {}) => app.request(path, { headers })
  const wallets = async (query = '') => {
    const response = await get(`/getWallets?${CLIENT}${query}`)
    expect(response.status).toBe(200)
    return GetWalletsResponseSchema.parse(await response.json())
  }
  const expectError = async (response: Response, status: number, code: string, message?: RegExp) => {
    expect(response.status).toBe(status)
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    const body = ApiErrorBodySchema.parse(await response.json())
    expect(body.code).toBe(code)
    if (message) expect(body.message).toMatch(message)
    return body
  }

  describe('GET /getWallets', () => {
    it('seeds the generated catalogue on first use and answers the first page', async () => {
      const page = await wallets()
      expect(page.count).toBe(SEED_WALLET_COUNT)
      expect(page.data).toHaveLength(40)
      for (const entry of page.data) {
        expect(entry.installed).toBe(false)
        expect(Object.keys(entry).sort()).toEqual(
          [
            'badge_type',
            'chains',
            'desktop_link',
            'id',
            'image_id',
            'installed',
            'mobile_link',
            'name',
            'rdns',
            'webapp_link',
          ].sort(),
        )
      }
      const [{ n }] = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM registry_wallets')) as [
        { n: number },
      ]
      expect(n).toBe(SEED_WALLET_COUNT)
    })

    it('orders certified wallets first, then by popularity, the same on every call', async () => {
      const all = await wallets('&entries=100&page=1')
      const rest = [...all.data]
      for (let page = 2; page <= Math.ceil(all.count / 100); page++)
        rest.push(...(await wallets(`&entries=100&page=${page}`)).data)
      expect(rest).toHaveLength(all.count)
      expect(new Set(rest.map((entry) => entry.id)).size).toBe(all.count)
      const firstNone = rest.findIndex((entry) => entry.badge_type === 'none')
      expect(firstNone).toBeGreaterThan(0)
      expect(rest.slice(firstNone).every((entry) => entry.badge_type === 'none')).toBe(true)
      const rank = new Map(generateWallets().map((wallet) => [wallet.id, wallet.rank]))
      const ranks = rest.slice(0, firstNone).map((entry) => rank.get(entry.id)!)
      expect(ranks).toEqual([...ranks].sort((a, b) => a - b))
      expect((await wallets('&entries=100')).data).toEqual(all.data)
    })

    it('pages without overlap and answers past the end with an empty page', async () => {
      const both = await wallets('&entries=50')
      const first = await wallets('&entries=25&page=1')
      const second = await wallets('&entries=25&page=2')
      expect([...first.data, ...second.data]).toEqual(both.data)
      const past = await wallets('&page=1000')
      expect(past).toEqual({ data: [], count: SEED_WALLET_COUNT })
    })

    it('searches names case-insensitively and caps a search at 100 results', async () => {
      const lower = await wallets('&search=harbor&entries=100')
      const upper = await wallets('&search=HaRbOr&entries=100')
      expect(lower).toEqual(upper)
      expect(lower.count).toBeGreaterThan(0)
      for (const entry of lower.data) expect(entry.name.toLowerCase()).toContain('harbor')
      const everyE = await wallets('&search=e&entries=100')
      expect(everyE.count).toBe(100)
      expect((await wallets('&search=e&entries=100&page=2')).data).toEqual([])
      expect(await wallets('&search=%20%20')).toEqual(await wallets())
      expect(await wallets('&search=zzzz-no-such-wallet')).toEqual({ data: [], count: 0 })
      expect((await wallets(`&search=${encodeURIComponent('<script>')}`)).count).toBe(0)
    })

    it('filters by include, exclude, chains and badge_type', async () => {
      const { data } = await wallets('&entries=10')
      const [a, b, c] = data as [WalletListingEntry, WalletListingEntry, WalletListingEntry]
      const included = await wallets(`&include=${c.id},${a.id},${UNKNOWN_WALLET_ID}`)
      expect(included.data.map((entry) => entry.id)).toEqual([a.id, c.id])
      expect(included.count).toBe(2)
      const excluded = await wallets(`&exclude=${a.id},${b.id}&entries=8`)
      expect(excluded.data.map((entry) => entry.id)).toEqual(data.slice(2).map((entry) => entry.id))
      expect(excluded.count).toBe(SEED_WALLET_COUNT - 2)
      expect((await wallets(`&include=${a.id},${b.id}&exclude=${b.id}`)).data.map((e) => e.id)).toEqual([
        a.id,
      ])

      const solana = await wallets(`&chains=${SOLANA}&entries=100`)
      expect(solana.count).toBeGreaterThan(0)
      for (const entry of solana.data) expect(entry.chains).toContain(SOLANA)
      const either = await wallets(`&chains=eip155:8453,${SOLANA}&entries=100`)
      expect(either.count).toBeGreaterThan(solana.count)
      for (const entry of either.data) {
        expect(entry.chains.includes('eip155:8453') || entry.chains.includes(SOLANA)).toBe(true)
      }
      expect((await wallets('&chains=eip155:999999')).count).toBe(0)

      const certified = await wallets('&badge_type=certified&entries=100')
      const none = await wallets('&badge_type=none&entries=100')
      expect(certified.count + none.count).toBe(SEED_WALLET_COUNT)
      for (const entry of certified.data) expect(entry.badge_type).toBe('certified')
      for (const entry of none.data) expect(entry.badge_type).toBe('none')
      expect((await wallets('&include=&exclude=&chains=')).count).toBe(SEED_WALLET_COUNT)
    })

    it('answers with the API CORS headers for the project origin', async () => {
      const response = await get(`/getWallets?${CLIENT}`, { Origin: MODAL_ORIGIN })
      expect(response.headers.get('access-control-allow-origin')).toBe(MODAL_ORIGIN)
      const foreign = await get(`/getWallets?${CLIENT}`, { Origin: 'https://elsewhere.example' })
      expect(foreign.headers.get('access-control-allow-origin')).toBeNull()
    })

    const bad: Array<[string, string, RegExp]> = [
      ['page=0', '&page=0', /page/],
      ['negative page', '&page=-1', /page/],
      ['page word', '&page=two', /page/],
      ['page exponent', '&page=1e3', /page/],
      ['page beyond the limit', '&page=10001', /page/],
      ['huge page', `&page=${'9'.repeat(400)}`, /page/],
      ['page twice', '&page=1&page=2', /page/],
      ['entries=0', '&entries=0', /entries/],
      ['entries over 100', '&entries=101', /entries/],
      ['fractional entries', '&entries=2.5', /entries/],
      ['bad include id', '&include=io.example.wallet', /include/],
      ['upper-case id', `&include=${'A'.repeat(64)}`, /include/],
      [
        'too many ids',
        `&exclude=${Array.from({ length: 201 }, () => UNKNOWN_WALLET_ID).join(',')}`,
        /exclude/,
      ],
      ['empty id in a list', `&exclude=${UNKNOWN_WALLET_ID},`, /exclude/],
      ['bad chain', '&chains=ethereum', /chains/],
      ['chain with spaces', '&chains=eip155:1,%20eip155:10', /chains/],
      ['unknown badge type', '&badge_type=gold', /badge_type/],
      ['search too long', `&search=${'a'.repeat(101)}`, /search/],
      ['search twice', '&search=a&search=b', /search/],
    ]
    it.each(bad)('refuses %s with 400 INVALID_INPUT', async (_label, query, field) => {
      await expectError(await get(`/getWallets?${CLIENT}${query}`), 400, 'INVALID_INPUT', field)
    })

    it('refuses a missing or unknown project and bad sdk parameters', async () => {
      await expectError(await get('/getWallets?st=walletframe&sv=1'), 400, 'PROJECT_ID_NOT_CONFIGURED')
      await expectError(
        await get('/getWallets?projectId=nope&st=walletframe&sv=1'),
        403,
        'INVALID_PROJECT_ID',
      )
      await expectError(await get(`/getWallets?projectId=registry-test&sv=1`), 400, 'INVALID_INPUT', /st/)
      await expectError(
        await get(`/getWallets?projectId=registry-test&st=walletframe&sv=${'1'.repeat(65)}`),
        400,
        'INVALID_INPUT',
        /sv/,
      )
    })
  })

  describe('image routes', () => {
    const expectSvg = async (response: Response) => {
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toMatch(/^image\/svg\+xml/)
      expect(response.headers.get('cache-control')).toBe('public, max-age=86400, immutable')
      expect(response.headers.get('etag')).toMatch(/^"[\w-]+"$/)
      expect(response.headers.get('x-content-type-options')).toBe('nosniff')
      const svg = await response.text()
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*>.*<\/svg>$/)
      return { svg, etag: response.headers.get('etag')! }
    }

    it('serves a wallet monogram with caching headers and 304 on a matching If-None-Match', async () => {
      const [entry] = (await wallets('&entries=1')).data as [WalletListingEntry]
      const path = `/getWalletImage/${entry.image_id}?${CLIENT}`
      const { svg, etag } = await expectSvg(await get(path))
      const initials = entry.name
        .split(' ')
        .map((word) => word[0])
        .join('')
      expect(svg).toContain(`>${initials}</text>`)
      expect(svg).toContain(`<title>${entry.name}</title>`)
      expect((await expectSvg(await get(path))).etag).toBe(etag)

      for (const header of [etag, `W/${etag}`, `"nope", ${etag}`, '*']) {
        const cached = await get(path, { 'If-None-Match': header })
        expect(cached.status).toBe(304)
        expect(cached.headers.get('etag')).toBe(etag)
        expect(cached.headers.get('cache-control')).toBe('public, max-age=86400, immutable')
        expect(await cached.text()).toBe('')
      }
      expect((await get(path, { 'If-None-Match': '"stale"' })).status).toBe(200)
    })

    it('answers 404 JSON for an unknown wallet image and 400 for a malformed id', async () => {
      await expectError(await get(`/getWalletImage/${UNKNOWN_IMAGE_ID}?${CLIENT}`), 404, 'NOT_FOUND')
      for (const id of [
        'not-a-uuid',
        UNKNOWN_WALLET_ID,
        '%3Cscript%3E',
        'x'.repeat(5000),
        'ABCDEF00-0000-4000-8000-00000000000A',
      ]) {
        await expectError(await get(`/getWalletImage/${id}?${CLIENT}`), 400, 'INVALID_INPUT', /id/)
      }
      await expectError(await get(`/getWalletImage/${UNKNOWN_IMAGE_ID}`), 400, 'PROJECT_ID_NOT_CONFIGURED')
    })

    it('serves token, currency and asset monograms for any well-formed id', async () => {
      const eth = await expectSvg(await get(`/public/getTokenImage/ETH?${CLIENT}`))
      expect(eth.svg).toContain('>ETH</text>')
      const lower = await expectSvg(await get(`/public/getTokenImage/eth?${CLIENT}`))
      expect(lower.svg.replace(/<title>.*<\/title>|aria-label="[^"]*"/g, '')).toBe(
        eth.svg.replace(/<title>.*<\/title>|aria-label="[^"]*"/g, ''),
      )
      const usdce = await expectSvg(await get(`/public/getTokenImage/USDC.e?${CLIENT}`))
      expect(usdce.svg).toContain('>USDC</text>')
      const usd = await expectSvg(await get(`/public/getCurrencyImage/USD?${CLIENT}`))
      expect(usd.svg).toContain('>USD</text>')
      expect(
        (await get(`/public/getCurrencyImage/USD?${CLIENT}`, { 'If-None-Match': usd.etag })).status,
      ).toBe(304)
      const asset = await expectSvg(await get(`/public/getAssetImage/${UNKNOWN_IMAGE_ID}?${CLIENT}`))
      expect(asset.svg).toContain('>00</text>')
    })

    it('refuses malformed token, currency and asset ids', async () => {
      const cases = [
        '/public/getTokenImage/%3Cscript%3E',
        `/public/getTokenImage/${'A'.repeat(33)}`,
        '/public/getTokenImage/.ETH',
        '/public/getCurrencyImage/U%20SD',
        '/public/getCurrencyImage/%00',
        `/public/getAssetImage/${'a'.repeat(65)}`,
        '/public/getAssetImage/a%22b',
      ]
      for (const path of cases) await expectError(await get(`${path}?${CLIENT}`), 400, 'INVALID_INPUT', /id/)
      await expectError(await get(`/public/getTokenImage/ETH?${CLIENT}&st=a&st=b`), 400, 'INVALID_INPUT')
    })
  })

  describe('clientId (spec §7 "Wallet-service API": the HTTP helper appends it)', () => {
    const CLIENT_ID = '6f1c2a9e-3b4d-4c5e-8f70-1a2b3c4d5e6f'
    const routes = [
      '/getWallets',
      '/getAnalyticsConfig',
      `/getWalletImage/${UNKNOWN_IMAGE_ID}`,
      '/public/getAssetImage/eip155-1',
      '/public/getCurrencyImage/USD',
      '/public/getTokenImage/ETH',
    ]

    it('is accepted on every wallet-service route, and an image is the same bytes for every client', async () => {
      for (const route of routes) {
        const without = await get(`${route}?${CLIENT}`)
        const withId = await get(`${route}?${CLIENT}&clientId=${CLIENT_ID}`)
        expect(withId.status, route).toBe(without.status)
        expect(withId.headers.get('etag'), route).toBe(without.headers.get('etag'))
      }
      const token = await get(`/public/getTokenImage/ETH?${CLIENT}&clientId=${CLIENT_ID}`)
      expect(token.headers.get('cache-control')).toBe('public, max-age=86400, immutable')
    })

    it('refuses a malformed clientId with 400 naming it', async () => {
      for (const bad of ['%3Cscript%3E', 'a%20b', 'x'.repeat(129), '-leading']) {
        for (const route of routes) {
          await expectError(await get(`${route}?${CLIENT}&clientId=${bad}`), 400, 'INVALID_INPUT', /clientId/)
        }
      }
    })
  })

  describe('GET /getAnalyticsConfig', () => {
    it('is on by default and off for a project whose setting says so', async () => {
      await db.query('INSERT INTO analytics_settings (project_id, is_enabled) VALUES ($1, false)', [
        QUIET_PROJECT,
      ])
      const on = await get(`/getAnalyticsConfig?${CLIENT}`)
      expect(on.status).toBe(200)
      expect(AnalyticsConfigResponseSchema.parse(await on.json())).toEqual({ isAnalyticsEnabled: true })
      const off = await get(`/getAnalyticsConfig?projectId=${QUIET_PROJECT}&st=walletframe&sv=0.1.0`)
      expect(await off.json()).toEqual({ isAnalyticsEnabled: false })
    })

    it('refuses malformed client parameters', async () => {
      await expectError(await get('/getAnalyticsConfig'), 400, 'PROJECT_ID_NOT_CONFIGURED')
      await expectError(await get('/getAnalyticsConfig?projectId=x'), 403, 'INVALID_PROJECT_ID')
      await expectError(await get(`/getAnalyticsConfig?${CLIENT}&sv=2`), 400, 'INVALID_INPUT', /sv/)
      await expectError(
        await get(`/getAnalyticsConfig?projectId=registry-test&st=%3Cb%3E&sv=1`),
        400,
        'INVALID_INPUT',
        /st/,
      )
    })
  })

  describe('POST /e', () => {
    const event = (overrides: Record<string, unknown> = {}) => ({
      eventId: crypto.randomUUID(),
      url: 'https://dapp.example/swap?x=1',
      domain: 'dapp.example',
      timestamp: Date.now(),
      props: { type: 'track', event: 'MODAL_OPEN', properties: { connected: false } },
      ...overrides,
    })
    const post = (body: unknown, options: { type?: string; query?: string; origin?: string } = {}) =>
      app.request(`/e?${options.query ?? CLIENT}`, {
        method: 'POST',
        headers: {
          'Content-Type': options.type ?? 'application/json',
          Origin: options.origin ?? MODAL_ORIGIN,
        },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      })
    const stored = async (eventId: string) =>
      db.query<{
        project_id: string
        url: string
        domain: string
        client_timestamp: number
        props: unknown
        sdk_type: string
      }>(
        'SELECT project_id, url, domain, client_timestamp, props, sdk_type FROM analytics_events WHERE event_id = $1',
        [eventId],
      )

    it('stores a valid event once, also when retried', async () => {
      const first = event()
      const response = await post(first)
      expect(response.status).toBe(204)
      expect(await response.text()).toBe('')
      expect(await post(first)).toHaveProperty('status', 204)
      expect(await stored(first.eventId)).toEqual([
        {
          project_id: 'registry-test',
          url: first.url,
          domain: first.domain,
          client_timestamp: first.timestamp,
          props: first.props,
          sdk_type: 'walletframe',
        },
      ])
      const charset = event()
      expect((await post(charset, { type: 'application/json; charset=utf-8' })).status).toBe(204)
      expect(await stored(charset.eventId)).toHaveLength(1)
    })

    it('stores nothing sent as text/plain (415) or from an origin the project does not allow (403)', async () => {
      // A text/plain post needs no CORS preflight: any page could send one (issue 10 §1).
      const beacon = event()
      await expectError(
        await post(beacon, { type: 'text/plain;charset=UTF-8' }),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
        /application\/json/,
      )
      const foreign = event()
      await expectError(await post(foreign, { origin: 'https://evil.example' }), 403, 'ORIGIN_NOT_ALLOWED')
      const noOrigin = await app.request(`/e?${CLIENT}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(event()),
      })
      await expectError(noOrigin, 403, 'ORIGIN_NOT_ALLOWED')
      expect([...(await stored(beacon.eventId)), ...(await stored(foreign.eventId))]).toEqual([])
    })

    it('stores nothing for a project with analytics off', async () => {
      const quiet = event()
      const response = await post(quiet, { query: `projectId=${QUIET_PROJECT}&st=walletframe&sv=0.1.0` })
      expect(response.status).toBe(204)
      expect(await stored(quiet.eventId)).toEqual([])
    })

    const bad: Array<[string, unknown, RegExp]> = [
      ['not JSON', '{"eventId":', /JSON/],
      ['a JSON array', [event()], /object/],
      ['a JSON string', '"event"', /object/],
      ['no eventId', { ...event(), eventId: undefined }, /eventId/],
      ['a non-UUID eventId', event({ eventId: 'abc' }), /eventId/],
      ['a numeric eventId', event({ eventId: 12 }), /eventId/],
      ['a javascript: url', event({ url: 'javascript:alert(1)' }), /url/],
      ['a huge url', event({ url: `https://a.example/${'a'.repeat(3000)}` }), /url/],
      ['a bad domain', event({ domain: 'a b' }), /domain/],
      ['a string timestamp', event({ timestamp: '2024-01-01' }), /timestamp/],
      ['a fractional timestamp', event({ timestamp: 1.5 }), /timestamp/],
      ['a huge timestamp', event({ timestamp: 1e300 }), /timestamp/],
      ['a negative timestamp', event({ timestamp: -1 }), /timestamp/],
      ['props as a string', event({ props: 'x' }), /props/],
      ['props as null', event({ props: null }), /props/],
      ['a __proto__ key', `{"eventId":"${crypto.randomUUID()}","props":{"__proto__":{"x":1}}}`, /forbidden/],
      ['a NUL character', event({ props: { a: 'x\u0000y' } }), /NUL/],
      ['a lone surrogate', `{"props":{"a":"\\ud800"}}`, /surrogate/],
    ]
    it('spec §7: stores every tracked event of the modal in its closed shape', async () => {
      const network = { network: 'eip155:31337' }
      const shapes = [
        { event: 'MODAL_OPEN', properties: { connected: false } },
        { event: 'MODAL_CLOSE', properties: { connected: true } },
        { event: 'SELECT_WALLET', properties: { name: 'Harbor', platform: 'browser' } },
        { event: 'CONNECT_SUCCESS', properties: { name: 'WalletConnect', platform: 'qrcode' } },
        { event: 'CONNECT_ERROR', properties: { platform: 'email', reason: 'declined' } },
        { event: 'DISCONNECT_SUCCESS', properties: {} },
        { event: 'DISCONNECT_ERROR', properties: {} },
        { event: 'SWITCH_NETWORK', properties: network },
        { event: 'SEND_INITIATED', properties: network },
        { event: 'SEND_SUCCESS', properties: network },
        { event: 'SEND_ERROR', properties: network },
        { event: 'SWAP_INITIATED', properties: network },
        { event: 'SWAP_SUCCESS', properties: network },
        { event: 'SWAP_ERROR', properties: network },
      ]
      for (const shape of shapes) {
        const sent = event({ props: { type: 'track', ...shape } })
        expect((await post(sent)).status).toBe(204)
        expect((await stored(sent.eventId))[0]?.props).toEqual(sent.props)
      }
    })

    // Privacy (spec §7, docs/analytics.md): no amount, token value or other address gets stored.
    const track = (event: string, properties: Record<string, unknown>) => ({
      props: { type: 'track', event, properties },
    })
    const leaky: Array<[string, Record<string, unknown>]> = [
      ['an unknown event name', track('PAGE_VIEW', {})],
      ['props without a type', { props: { event: 'MODAL_OPEN', properties: { connected: true } } }],
      ['an amount on a send', track('SEND_SUCCESS', { network: 'eip155:1', amount: '1.5' })],
      [
        'a receiver address on a send',
        track('SEND_INITIATED', { network: 'eip155:1', to: '0x000000000000000000000000000000000000dEaD' }),
      ],
      ['a token value on a swap', track('SWAP_SUCCESS', { network: 'eip155:1', value: 12.3 })],
      [
        'an address on a connect',
        track('CONNECT_SUCCESS', { name: 'Harbor', platform: 'browser', address: '0x1' }),
      ],
      [
        'a wallet message on a connect error',
        track('CONNECT_ERROR', { platform: 'browser', reason: 'oops 0x1' }),
      ],
      [
        'a field beside properties',
        { props: { type: 'track', event: 'DISCONNECT_SUCCESS', properties: {}, x: 1 } },
      ],
      ['a network that is not CAIP-2', track('SWITCH_NETWORK', { network: '0xdead' })],
    ]
    it.each(leaky)('spec §7: refuses and stores nothing for %s', async (_label, overrides) => {
      const sent = event(overrides)
      await expectError(await post(sent), 400, 'INVALID_INPUT', /props/)
      expect(await stored(sent.eventId)).toEqual([])
    })

    it.each(bad)('refuses %s with 400 INVALID_INPUT', async (_label, body, message) => {
      await expectError(await post(body), 400, 'INVALID_INPUT', message)
    })

    it('refuses bodies over 16 KiB with 413, other media types with 415, and a bad project', async () => {
      const big = event({ props: { blob: 'x'.repeat(17 * 1024) } })
      await expectError(await post(big), 413, 'PAYLOAD_TOO_LARGE', /16384/)
      await expectError(await post(event(), { type: 'text/html' }), 415, 'UNSUPPORTED_MEDIA_TYPE')
      const noType = await app.request(`/e?${CLIENT}`, {
        method: 'POST',
        headers: { Origin: MODAL_ORIGIN },
        body: new Blob([JSON.stringify(event())]),
      })
      await expectError(noType, 415, 'UNSUPPORTED_MEDIA_TYPE')
      await expectError(
        await post(event(), { query: 'st=walletframe&sv=1' }),
        400,
        'PROJECT_ID_NOT_CONFIGURED',
      )
      await expectError(
        await post(event(), { query: 'projectId=x&st=walletframe&sv=1' }),
        403,
        'INVALID_PROJECT_ID',
      )
      // A body streamed without Content-Length is counted as it arrives.
      const chunks = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let i = 0; i < 20; i++) controller.enqueue(new TextEncoder().encode('x'.repeat(1024)))
          controller.close()
        },
      })
      const streamed = await app.request(`/e?${CLIENT}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: MODAL_ORIGIN },
        body: chunks,
        duplex: 'half',
      } as RequestInit)
      await expectError(streamed, 413, 'PAYLOAD_TOO_LARGE')
    })
  })

  describe('seeding', () => {
    it('runs once per seed version, and keeps operator deletions and edits', async () => {
      expect(await seedRegistry(db)).toBe(false)
      const [first] = generateWallets() as [ReturnType<typeof generateWallets>[number]]
      await db.query('DELETE FROM registry_wallets WHERE id = $1', [first.id])
      expect(await seedRegistry(db)).toBe(false)
      const fresh = registryApp(db)
      const response = await fresh.request(`/getWallets?${CLIENT}&include=${first.id}`)
      expect(await response.json()).toEqual({ data: [], count: 0 })

      // A newer seed adds what is missing without touching what is there.
      await db.query("UPDATE registry_wallets SET name = 'Renamed Wallet' WHERE rank = 2")
      expect(await seedRegistry(db, generateWallets(), SEED_VERSION + 1)).toBe(true)
      const [{ n }] = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM registry_wallets')) as [
        { n: number },
      ]
      expect(n).toBe(SEED_WALLET_COUNT)
      const renamed = await db.query<{ name: string }>('SELECT name FROM registry_wallets WHERE rank = 2')
      expect(renamed).toEqual([{ name: 'Renamed Wallet' }])
    })

    it('seeds once when two processes start together', async () => {
      const results = await Promise.all([
        seedRegistry(db, [], SEED_VERSION + 10),
        seedRegistry(db, [], SEED_VERSION + 10),
        seedRegistry(db, [], SEED_VERSION + 10),
      ])
      expect(results.filter(Boolean)).toHaveLength(1)
    })

    it('escapes a stored wallet name in its image', async () => {
      const id = 'e'.repeat(64)
      const imageId = '11111111-2222-4333-8444-555555555555'
      await db.query(
        `INSERT INTO registry_wallets (id, name, image_id, rdns, chains, badge_type, rank)
         VALUES ($1, $2, $3, NULL, ARRAY['eip155:1'], 'none', 9999)`,
        [id, `<svg onload="x">&' Wallet`, imageId],
      )
      const fresh = registryApp(db)
      const response = await fresh.request(`/getWalletImage/${imageId}?${CLIENT}`)
      expect(response.status).toBe(200)
      const svg = await response.text()
      expect(svg).not.toContain('onload="x"')
      expect(svg).toContain('&lt;svg onload=&quot;x&quot;&gt;&amp;&apos; Wallet')
      const listed = await fresh.request(`/getWallets?${CLIENT}&search=${encodeURIComponent('<svg')}`)
      expect(((await listed.json()) as { count: number }).count).toBe(1)
    })
  })
})
