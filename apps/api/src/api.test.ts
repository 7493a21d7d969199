/**
 * The data API over HTTP against a real anvil devnet (with its fixtures), once on PGlite and once on
 * Postgres: the same suite, `describe.each`. Most requests go through `app.request()` (the whole
 * hono stack, no socket); one test goes through the real listening socket.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { devnetAccounts, FIXTURE_HOLDINGS } from '@walletframe/devnet'
import {
  API_ERROR_CODES,
  ApiErrorBodySchema,
  BalanceResponseSchema,
  HistoryResponseSchema,
  IdentityResponseSchema,
  NATIVE_TOKEN_ADDRESS,
  type Transaction,
} from '@walletframe/protocol'
import { Hono } from 'hono'
import { type Address, formatEther, parseEther, type TransactionReceipt } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApiApp } from './app.ts'
import { TtlCache } from './cache.ts'
import { createChainClient } from './chain/clients.ts'
import type { ChainConfig } from './config.ts'
import type { ApiEnv, Chain } from './context.ts'
import type { RunningApi } from './server.ts'
import { startTestApi, type TestStorage } from './test-support/api.ts'
import { anvil, publicClient, sendEth, toHexQuantity } from './test-support/chain.ts'
import { startTestDevnet, type TestDevnet } from './test-support/devnet.ts'
import { freePort } from './test-support/ports.ts'
import { startTestPostgres } from './test-support/postgres.ts'

interface Backend {
  name: string
  start(): Promise<{ storage: TestStorage; close(): Promise<void> }>
}

const backends: Backend[] = [
  {
    name: 'PGlite',
    async start() {
      const dir = await mkdtemp(join(tmpdir(), 'wf-api-pglite-'))
      return { storage: { dataDir: dir }, close: () => rm(dir, { recursive: true, force: true }) }
    },
  },
  {
    name: 'Postgres',
    async start() {
      const postgres = await startTestPostgres()
      return { storage: { databaseUrl: postgres.url }, close: () => postgres.close() }
    },
  },
]

const PROJECT = 'walletframe-dev'
const CLIENT = { projectId: PROJECT, st: 'appkit', sv: 'html-wagmi-1.7.0' }
const accounts = devnetAccounts()

function query(extra: Record<string, string> = {}, base: Record<string, string> = CLIENT): string {
  return new URLSearchParams({ ...base, ...extra }).toString()
}

function freshAddress(): Address {
  return privateKeyToAccount(generatePrivateKey()).address
}

describe.each(backends)('data API on $name', (backend) => {
  let devnet: TestDevnet
  let storage: { storage: TestStorage; close(): Promise<void> }
  let api: RunningApi
  let chainA: TestDevnet['stack']['devnet']['chains'][number]
  let chainB: TestDevnet['stack']['devnet']['chains'][number]

  const request = (path: string, init?: RequestInit) => api.app.request(path, init)
  const json = async (path: string, init?: RequestInit) => {
    const response = await request(path, init)
    return { status: response.status, body: (await response.json()) as unknown, headers: response.headers }
  }
  /** A client error: 4xx, `{ code, message }` and nothing else, with a catalogue code. */
  const expectClientError = async (path: string, init?: RequestInit, code?: string) => {
    const { status, body } = await json(path, init)
    expect(status, path).toBeGreaterThanOrEqual(400)
    expect(status, path).toBeLessThan(500)
    const parsed = ApiErrorBodySchema.parse(body)
    expect(Object.keys(body as object).sort()).toEqual(['code', 'message'])
    expect(API_ERROR_CODES).toContain(parsed.code)
    if (code) expect(parsed.code, path).toBe(code)
    return parsed
  }
  const history = async (account: Address, extra: Record<string, string> = {}) => {
    const { status, body } = await json(`/v1/account/${account}/history?${query(extra)}`)
    expect(status).toBe(200)
    return HistoryResponseSchema.parse(body)
  }
  const balances = async (address: Address, extra: Record<string, string> = {}) => {
    const { status, body } = await json(`/v1/account/${address}/balance?${query(extra)}`)
    expect(status).toBe(200)
    return BalanceResponseSchema.parse(body).balances
  }
  /** The whole history, page after page; fails on a duplicate id. */
  const allPages = async (account: Address, extra: Record<string, string> = {}) => {
    const items: Transaction[] = []
    const pages: number[] = []
    let cursor: string | undefined
    do {
      const page = await history(account, { ...extra, ...(cursor ? { cursor } : {}) })
      items.push(...page.data)
      pages.push(page.data.length)
      cursor = page.next ?? undefined
    } while (cursor)
    expect(new Set(items.map((item) => item.id)).size).toBe(items.length)
    return { items, pages }
  }

  beforeAll(async () => {
    ;[devnet, storage] = await Promise.all([startTestDevnet(), backend.start()])
    chainA = devnet.stack.devnet.chains[0]!
    chainB = devnet.stack.devnet.chains[1]!
    api = await startTestApi(devnet, storage.storage)
  })

  afterAll(async () => {
    await api?.close()
    await Promise.all([devnet?.close(), storage?.close()])
  })

  describe('project checks', () => {
    it('answers a missing projectId with "Project ID Not Configured"', async () => {
      const { st, sv } = CLIENT
      const error = await expectClientError(
        `/v1/supported-chains?${query({}, { st, sv })}`,
        undefined,
        'PROJECT_ID_NOT_CONFIGURED',
      )
      expect(error.message).toContain('Project ID Not Configured')
      await expectClientError(
        `/v1/supported-chains?projectId=&st=a&sv=b`,
        undefined,
        'PROJECT_ID_NOT_CONFIGURED',
      )
    })

    it('answers an unknown projectId with "Invalid Project ID" (403)', async () => {
      const response = await request(`/v1/supported-chains?${query({ projectId: 'someone-else' })}`)
      expect(response.status).toBe(403)
      expect(await response.json()).toMatchObject({ code: 'INVALID_PROJECT_ID' })
    })

    it('requires the sdk type and version', async () => {
      const { projectId, st, sv } = CLIENT
      const noType = await expectClientError(`/v1/supported-chains?${query({}, { projectId, sv })}`)
      expect(noType).toMatchObject({ code: 'INVALID_INPUT', message: expect.stringContaining('st') })
      const noVersion = await expectClientError(`/v1/supported-chains?${query({}, { projectId, st })}`)
      expect(noVersion.message).toContain('sv')
      await expectClientError(
        `/v1/supported-chains?${query({ sv: 'x'.repeat(65) })}`,
        undefined,
        'INVALID_INPUT',
      )
      await expectClientError(
        `/v1/supported-chains?${query()}&projectId=${PROJECT}`,
        undefined,
        'INVALID_INPUT',
      )
    })
  })

  it('puts mounted sub-apps behind the same checks', async () => {
    const mounted = new Hono<ApiEnv>().get('/mounted-example', (c) =>
      c.json({ project: c.get('project').projectId }),
    )
    const app = createApiApp(api.context, { routes: [mounted] })
    const missing = await app.request('/mounted-example?st=a&sv=b', {
      headers: { Origin: devnet.stack.modal.origin },
    })
    expect(missing.status).toBe(400)
    expect(missing.headers.get('access-control-allow-origin')).toBe(devnet.stack.modal.origin)
    expect(await missing.json()).toMatchObject({ code: 'PROJECT_ID_NOT_CONFIGURED' })
    const ok = await app.request(`/mounted-example?${query()}`)
    expect(await ok.json()).toEqual({ project: PROJECT })
  })

  describe('CORS', () => {
    const modalOrigin = () => devnet.stack.modal.origin

    it('gives the modal origin the CORS header, and other origins none', async () => {
      const allowed = await request(`/v1/supported-chains?${query()}`, { headers: { Origin: modalOrigin() } })
      expect(allowed.headers.get('access-control-allow-origin')).toBe(modalOrigin())
      const other = await request(`/v1/supported-chains?${query()}`, {
        headers: { Origin: 'http://127.0.0.1:5173' },
      })
      expect(other.status).toBe(200)
      expect(other.headers.get('access-control-allow-origin')).toBeNull()
      const opaque = await request(`/v1/supported-chains?${query()}`, { headers: { Origin: 'null' } })
      expect(opaque.headers.get('access-control-allow-origin')).toBeNull()
    })

    it('answers preflights for the modal origin only', async () => {
      const preflight = (origin: string) =>
        request(`/v1/fungible/price?${query()}`, {
          method: 'OPTIONS',
          headers: {
            Origin: origin,
            'Access-Control-Request-Method': 'POST',
            'Access-Control-Request-Headers': 'content-type',
          },
        })
      const allowed = await preflight(modalOrigin())
      expect(allowed.status).toBe(204)
      expect(allowed.headers.get('access-control-allow-origin')).toBe(modalOrigin())
      expect(allowed.headers.get('access-control-allow-methods')).toContain('POST')
      expect(allowed.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('content-type')
      const other = await preflight('https://evil.example')
      expect(other.headers.get('access-control-allow-origin')).toBeNull()
    })

    it('lets the modal read error answers, so it can show the project alerts', async () => {
      const response = await request(`/v1/supported-chains?st=a&sv=b`, { headers: { Origin: modalOrigin() } })
      expect(response.status).toBe(400)
      expect(response.headers.get('access-control-allow-origin')).toBe(modalOrigin())
    })
  })

  it('lists the supported chains', async () => {
    const { status, body } = await json(`/v1/supported-chains?${query()}`)
    expect(status).toBe(200)
    expect(body).toEqual({ http: ['eip155:31337', 'eip155:31338'], ws: [] })
  })

  describe('balances', () => {
    it('returns the native balance anvil reports, priced, and the fixture tokens but not 0-decimal ones', async () => {
      const holder = accounts[0]!.address
      const list = await balances(holder, { chainId: 'eip155:31337', currency: 'usd' })
      const onChain = await publicClient(chainA).getBalance({ address: holder })
      const native = list.find((entry) => entry.address === `eip155:31337:${NATIVE_TOKEN_ADDRESS}`)
      expect(native).toMatchObject({
        name: 'Ether',
        symbol: 'ETH',
        chainId: 'eip155:31337',
        price: 3000,
        quantity: { decimals: '18', numeric: formatEther(onChain) },
      })
      expect(native?.value).toBeCloseTo(Number(formatEther(onChain)) * 3000)
      expect(formatEther(onChain)).toBe(FIXTURE_HOLDINGS[0].eth)

      const bySymbol = new Map(list.map((entry) => [entry.symbol, entry]))
      expect(bySymbol.get('dUSD')).toMatchObject({
        quantity: { decimals: '6', numeric: FIXTURE_HOLDINGS[0].tokens.dUSD },
        price: 1,
        value: 1100.5,
      })
      expect(bySymbol.get('DVT')).toMatchObject({
        quantity: { decimals: '18', numeric: '10' },
        price: 0.5,
        value: 5,
      })
      expect(bySymbol.has('ZERO')).toBe(false) // spec §5: tokens with decimals 0 are filtered
      expect(list.every((entry) => entry.chainId === 'eip155:31337')).toBe(true)
    })

    it('covers every supported chain without chainId', async () => {
      const list = await balances(accounts[0]!.address)
      expect(new Set(list.map((entry) => entry.chainId))).toEqual(new Set(['eip155:31337', 'eip155:31338']))
    })

    it('serves a cached answer for 30 s, and reads the chain again on forceUpdate', async () => {
      const address = freshAddress()
      await anvil(chainA, 'anvil_setBalance', [address, toHexQuantity(parseEther('1'))])
      const first = await balances(address, { chainId: 'eip155:31337' })
      expect(first[0]?.quantity.numeric).toBe('1')

      await anvil(chainA, 'anvil_setBalance', [address, toHexQuantity(parseEther('2'))])
      const cached = await balances(address, { chainId: 'eip155:31337' })
      expect(cached[0]?.quantity.numeric).toBe('1')
      const forced = await balances(address, { chainId: 'eip155:31337', forceUpdate: 'true' })
      expect(forced[0]?.quantity.numeric).toBe('2')
      // The forced read refreshed the cache.
      const after = await balances(address, { chainId: 'eip155:31337' })
      expect(after[0]?.quantity.numeric).toBe('2')
      // The cache key includes the chain scope: the all-chains answer is read on its own.
      const everywhere = await balances(address)
      expect(everywhere.find((entry) => entry.chainId === 'eip155:31337')?.quantity.numeric).toBe('2')
    })

    /** The running API's context with other chain settings, fresh caches, same database. */
    const appWith = (change: (chain: Chain) => Partial<ChainConfig>) => {
      const chains = new Map(
        [...api.context.chains].map(([id, chain]) => [
          id,
          { ...chain, config: { ...chain.config, ...change(chain) } },
        ]),
      )
      const caches = { balance: new TtlCache<string>(30_000), identity: new TtlCache<string>(300_000) }
      return createApiApp({ ...api.context, chains, caches })
    }

    it('finds the ERC-20s the indexer saw the account use, without a configured token list', async () => {
      const holder = accounts[1]!.address
      await api.indexer.waitFor(chainA.chainId, Number(devnet.fixtures[chainA.chainId]!.startBlock) + 20)
      const app = appWith(() => ({ tokens: [] }))
      const response = await app.request(
        `/v1/account/${holder}/balance?${query({ chainId: 'eip155:31337' })}`,
      )
      const list = BalanceResponseSchema.parse(await response.json()).balances
      expect(list.find((entry) => entry.symbol === 'dUSD')?.quantity.numeric).toBe(
        FIXTURE_HOLDINGS[1].tokens.dUSD,
      )
      expect(list.find((entry) => entry.symbol === 'DVT')?.quantity.numeric).toBe(
        FIXTURE_HOLDINGS[1].tokens.DVT,
      )
      expect(list.some((entry) => entry.symbol === 'ZERO')).toBe(false)
    })

    it('answers 503 CHAIN_UNAVAILABLE when the chain does not answer, and caches no failure', async () => {
      const port = await freePort()
      const dead = { ...api.context.chains.get(chainA.chainId)!.config, rpcUrl: `http://127.0.0.1:${port}` }
      const chains = new Map([[chainA.chainId, { config: dead, client: createChainClient(dead) }]])
      const caches = { balance: new TtlCache<string>(30_000), identity: new TtlCache<string>(300_000) }
      const app = createApiApp({ ...api.context, chains, caches })
      const path = `/v1/account/${accounts[0]!.address}/balance?${query({ chainId: 'eip155:31337' })}`
      const errors = console.error
      console.error = () => {} // the failure is logged server-side; keep the test output clean
      try {
        const response = await app.request(path)
        expect(response.status).toBe(503)
        expect(await response.json()).toMatchObject({ code: 'CHAIN_UNAVAILABLE' })
      } finally {
        console.error = errors
      }
      expect(caches.balance.size).toBe(0)
    })

    it('returns nothing for a testnet unless it is configured to price balances (spec §5)', async () => {
      const app = appWith(() => ({ testnet: true, pricedBalances: false }))
      const response = await app.request(`/v1/account/${accounts[0]!.address}/balance?${query()}`)
      expect(response.status).toBe(200)
      expect(await response.json()).toEqual({ balances: [] })
    })
  })

  describe('prices', () => {
    const post = (body: unknown, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
      request(`/v1/fungible/price?${query()}`, {
        method: 'POST',
        headers,
        body: typeof body === 'string' ? body : JSON.stringify(body),
      })

    it('prices the native currency and fixture tokens, leaving unknown tokens out', async () => {
      const dusd = devnet.fixtures[chainA.chainId]!.tokens.find((token) => token.symbol === 'dUSD')!
      const response = await post({
        projectId: PROJECT,
        currency: 'usd',
        addresses: [
          `eip155:31337:${NATIVE_TOKEN_ADDRESS}`,
          `eip155:31337:${dusd.address}`,
          `eip155:31337:${freshAddress()}`,
          `eip155:1:${NATIVE_TOKEN_ADDRESS}`,
        ],
      })
      expect(response.status).toBe(200)
      const { fungibles } = (await response.json()) as { fungibles: Array<{ symbol: string; price: number }> }
      expect(fungibles.map(({ symbol, price }) => [symbol, price])).toEqual([
        ['ETH', 3000],
        ['dUSD', 1],
      ])
    })

    it('refuses malformed bodies with a clear 4xx', async () => {
      const ok = { currency: 'usd', addresses: [`eip155:31337:${NATIVE_TOKEN_ADDRESS}`] }
      await expectClientError(
        `/v1/fungible/price?${query()}`,
        {
          method: 'POST',
          headers: { 'content-type': 'text/plain' },
          body: JSON.stringify(ok),
        },
        'UNSUPPORTED_MEDIA_TYPE',
      )
      const cases: unknown[] = [
        '{"currency": "usd", "addresses": [',
        '',
        'null',
        '[]',
        { ...ok, currency: 'xyz' },
        { ...ok, currency: 5 },
        { ...ok, addresses: 'eip155:31337:0x0' },
        { ...ok, addresses: [] },
        { ...ok, addresses: [42] },
        { ...ok, addresses: ['eip155:31337:not-an-address'] },
        { ...ok, addresses: [`eip155:999999999999999999999:${NATIVE_TOKEN_ADDRESS}`] },
        { ...ok, addresses: Array.from({ length: 101 }, () => `eip155:31337:${NATIVE_TOKEN_ADDRESS}`) },
        { ...ok, projectId: 'another-project' },
      ]
      for (const body of cases) {
        const response = await post(body)
        expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400)
        ApiErrorBodySchema.parse(await response.json())
      }
      const huge = await post({ ...ok, padding: 'x'.repeat(100_000) })
      expect(huge.status).toBe(413)
      expect(await huge.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' })
    })
  })

  describe('history', () => {
    it('lists native transfers to and from an account, newest first', async () => {
      const recipient = freshAddress()
      const receipts: TransactionReceipt[] = []
      for (const amount of ['0.1', '0.2', '0.3'])
        receipts.push(await sendEth(chainA, 5, recipient, parseEther(amount)))
      await api.indexer.waitFor(chainA.chainId, receipts.at(-1)!.blockNumber)

      const page = await history(recipient)
      expect(page.next).toBeNull()
      expect(page.data.map((item) => item.metadata.hash)).toEqual(
        receipts.map((r) => r.transactionHash).reverse(),
      )
      const [newest] = page.data
      expect(newest).toMatchObject({
        id: `eip155:31337:${receipts[2]!.transactionHash}`,
        metadata: {
          operationType: 'receive',
          status: 'confirmed',
          chain: 'eip155:31337',
          sentFrom: accounts[5]!.address,
          sentTo: recipient,
        },
        transfers: [{ direction: 'in', quantity: { numeric: '0.3' }, fungible_info: { symbol: 'ETH' } }],
      })
      expect(Date.parse(newest!.metadata.minedAt)).toBeGreaterThan(Date.now() - 5 * 60_000)

      const sender = await history(accounts[5]!.address, { chainId: 'eip155:31337' })
      const sent = sender.data.find((item) => item.metadata.hash === receipts[0]!.transactionHash)
      expect(sent).toMatchObject({ metadata: { operationType: 'send' }, transfers: [{ direction: 'out' }] })
    })

    it('pages with a cursor, with no duplicates and nothing left out', async () => {
      const recipient = freshAddress()
      let last = 0n
      const sent = new Set<string>()
      for (let i = 1; i <= 45; i++) {
        const receipt = await sendEth(chainA, 6, recipient, BigInt(i))
        sent.add(receipt.transactionHash)
        last = receipt.blockNumber
      }
      await api.indexer.waitFor(chainA.chainId, last)
      const { items, pages } = await allPages(recipient)
      expect(pages).toEqual([20, 20, 5])
      expect(new Set(items.map((item) => item.metadata.hash))).toEqual(sent)
      const wei = items.map((item) => Number(BigInt(parseEther(item.transfers[0]!.quantity.numeric))))
      expect(wei).toEqual(Array.from({ length: 45 }, (_, i) => 45 - i))
    })

    it('filters by chainId', async () => {
      const recipient = freshAddress()
      const onA = await sendEth(chainA, 7, recipient, parseEther('1'))
      const onB = await sendEth(chainB, 7, recipient, parseEther('2'))
      await api.indexer.waitFor(chainA.chainId, onA.blockNumber)
      await api.indexer.waitFor(chainB.chainId, onB.blockNumber)

      expect((await history(recipient)).data.map((item) => item.metadata.chain).sort()).toEqual([
        'eip155:31337',
        'eip155:31338',
      ])
      const onlyB = await history(recipient, { chainId: 'eip155:31338' })
      expect(onlyB.data).toHaveLength(1)
      expect(onlyB.data[0]).toMatchObject({
        id: `eip155:31338:${onB.transactionHash}`,
        transfers: [{ quantity: { numeric: '2' } }],
      })
      expect((await history(recipient, { chainId: 'eip155:31337' })).data).toHaveLength(1)
    })

    it('shows the fixtures: ERC-20 amounts, NFTs with their token id, spam flags, mints', async () => {
      const holder = accounts[0]!.address
      await api.indexer.waitFor(chainA.chainId, Number(devnet.fixtures[chainA.chainId]!.startBlock) + 20)
      const { items } = await allPages(holder, { chainId: 'eip155:31337' })
      // #0 received dUSD, DVT, ZERO and two NFTs from #9, then dUSD and DPUNK #3 from #1.
      expect(items).toHaveLength(7)
      const fungible = items.flatMap((item) => item.transfers.flatMap((t) => (t.fungible_info ? [t] : [])))
      expect(fungible.map((t) => [t.fungible_info!.symbol, t.quantity.numeric, t.direction]).sort()).toEqual(
        [
          ['DVT', '10', 'in'],
          ['ZERO', '42', 'in'],
          ['dUSD', '100.5', 'in'],
          ['dUSD', '1000', 'in'],
        ].sort(),
      )
      const nfts = items.flatMap((item) =>
        item.transfers.flatMap((t) =>
          t.nft_info ? [{ ...t.nft_info, op: item.metadata.operationType }] : [],
        ),
      )
      expect(nfts.map((nft) => [nft.name, nft.token_id, nft.flags.is_spam, nft.op]).sort()).toEqual(
        [
          ['Devnet Punks #1', '1', false, 'mint'],
          ['Devnet Punks #3', '3', false, 'receive'],
          ['Claim Rewards #1', '1', true, 'mint'],
        ].sort(),
      )
      // Newest first across the page.
      const times = items.map((item) => Date.parse(item.metadata.minedAt))
      expect([...times].sort((a, b) => b - a)).toEqual(times)
    })

    it('answers an onramp page with no on-ramp provider as empty', async () => {
      expect(await history(accounts[0]!.address, { onramp: 'coinbase' })).toEqual({ data: [], next: null })
    })
  })

  describe('identity', () => {
    it('returns the name and avatar registered for an address', async () => {
      const address = freshAddress()
      await api.context.db.query('INSERT INTO names (name, address, avatar) VALUES ($1, $2, $3)', [
        `alice-${address.slice(2, 8).toLowerCase()}.wf`,
        address.toLowerCase(),
        'https://example.com/alice.png',
      ])
      const { status, body } = await json(
        `/v1/identity/${address}?${query({ sender: accounts[0]!.address })}`,
      )
      expect(status).toBe(200)
      expect(IdentityResponseSchema.parse(body)).toEqual({
        name: `alice-${address.slice(2, 8).toLowerCase()}.wf`,
        avatar: 'https://example.com/alice.png',
      })
    })

    it('answers an address without a name with nulls', async () => {
      const { status, body } = await json(`/v1/identity/${freshAddress()}?${query()}`)
      expect(status).toBe(200)
      expect(body).toEqual({ name: null, avatar: null })
    })
  })

  describe('malformed input', () => {
    const good = accounts[0]!.address
    const cases: Array<[string, string, string?]> = [
      // [what, path, expected code]
      ['balance: bad address', `/v1/account/0x1234/balance?${query()}`],
      ['balance: address with junk', `/v1/account/${good}zz/balance?${query()}`],
      [
        'balance: huge chainId',
        `/v1/account/${good}/balance?${query({ chainId: 'eip155:999999999999999999999' })}`,
      ],
      ['balance: chainId not CAIP-2', `/v1/account/${good}/balance?${query({ chainId: '31337' })}`],
      [
        'balance: chainId of another namespace',
        `/v1/account/${good}/balance?${query({ chainId: 'solana:abc' })}`,
      ],
      [
        'balance: chainId repeated',
        `/v1/account/${good}/balance?${query({ chainId: 'eip155:31337' })}&chainId=eip155:31338`,
      ],
      [
        'balance: unknown chain',
        `/v1/account/${good}/balance?${query({ chainId: 'eip155:5' })}`,
        'UNSUPPORTED_CHAIN',
      ],
      ['balance: unknown currency', `/v1/account/${good}/balance?${query({ currency: 'btc' })}`],
      ['balance: forceUpdate not boolean', `/v1/account/${good}/balance?${query({ forceUpdate: 'yes' })}`],
      ['history: bad address', `/v1/account/not-an-address/history?${query()}`],
      ['history: bad cursor', `/v1/account/${good}/history?${query({ cursor: 'abc' })}`, 'INVALID_CURSOR'],
      ['history: cursor not base64url', `/v1/account/${good}/history?${query({ cursor: '!!!' })}`],
      [
        'history: cursor with huge numbers',
        `/v1/account/${good}/history?${query({ cursor: Buffer.from('h1.99999999999999999.1.1.1').toString('base64url') })}`,
      ],
      ['history: cursor too long', `/v1/account/${good}/history?${query({ cursor: 'a'.repeat(500) })}`],
      [
        'history: huge chainId',
        `/v1/account/${good}/history?${query({ chainId: 'eip155:999999999999999999999' })}`,
      ],
      [
        'history: unknown chain',
        `/v1/account/${good}/history?${query({ chainId: 'eip155:1' })}`,
        'UNSUPPORTED_CHAIN',
      ],
      ['history: unknown onramp', `/v1/account/${good}/history?${query({ onramp: 'elsewhere' })}`],
      ['identity: bad address', `/v1/identity/0xZZ?${query()}`],
      ['identity: bad sender', `/v1/identity/${good}?${query({ sender: '12' })}`],
      ['supported-chains: sv of the wrong type', `/v1/supported-chains?${query()}&sv=2`],
      ['unknown path', `/v1/nothing-here?${query()}`, 'NOT_FOUND'],
    ]
    it.each(cases)('%s → 4xx { code, message }', async (_what, path, code) => {
      const error = await expectClientError(path, undefined, code)
      expect(error.message).not.toMatch(/select|insert|stack|at \//i)
    })

    it('never reflects the input in the message', async () => {
      const error = await expectClientError(`/v1/account/${good}/history?${query({ cursor: '<script>' })}`)
      expect(error.message).not.toContain('<script>')
    })

    it('answers other methods with a JSON 404', async () => {
      await expectClientError(`/v1/account/${good}/balance?${query()}`, { method: 'DELETE' }, 'NOT_FOUND')
    })
  })

  it('serves over a real socket', async () => {
    const response = await fetch(`${api.url}/v1/supported-chains?${query()}`, {
      headers: { Origin: devnet.stack.modal.origin },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('application/json')
    expect(response.headers.get('access-control-allow-origin')).toBe(devnet.stack.modal.origin)
    expect(await response.json()).toEqual({ http: ['eip155:31337', 'eip155:31338'], ws: [] })
    const health = await fetch(`${api.url}/healthz`)
    expect(await health.json()).toMatchObject({ ok: true })
  })

  // Last: it replaces the running API.
  it('resumes after a restart with no gap and no duplicate', async () => {
    const recipient = freshAddress()
    const before = await sendEth(chainA, 8, recipient, 1n)
    await api.indexer.waitFor(chainA.chainId, before.blockNumber)
    await api.close()

    // Transfers while the API is down, on both chains.
    const whileDown = [await sendEth(chainA, 8, recipient, 2n), await sendEth(chainA, 8, recipient, 3n)]
    const onB = await sendEth(chainB, 8, recipient, 4n)

    api = await startTestApi(devnet, storage.storage)
    await api.indexer.waitFor(chainA.chainId, whileDown.at(-1)!.blockNumber)
    await api.indexer.waitFor(chainB.chainId, onB.blockNumber)
    const { items } = await allPages(recipient)
    expect(items.map((item) => item.metadata.hash).sort()).toEqual(
      [before, ...whileDown, onB].map((receipt) => receipt.transactionHash).sort(),
    )
    const [{ total, once }] = (await api.context.db.query(
      `SELECT count(*)::int AS total, count(DISTINCT (chain_id, tx_hash, log_index))::int AS once FROM transfers`,
    )) as [{ total: number; once: number }]
    expect(total).toBe(once)
  })
})
