import { devnetAccounts, FIXTURE_HOLDINGS } from '@walletframe/devnet'
import { BalanceResponseSchema, NATIVE_TOKEN_ADDRESS } from '@walletframe/protocol'
import { freePort } from '@walletframe/testing'
import { type Address, formatEther, parseEther } from 'viem'
import { describe, expect, it } from 'vitest'
import { createApiApp } from '../app.ts'
import { TtlCache } from '../cache.ts'
import { createChainClient } from '../chain/clients.ts'
import type { ChainConfig } from '../config.ts'
import type { Chain } from '../context.ts'
import { freshAddress, clientQuery as query, TEST_BACKENDS, useTestApi } from '../test-support/api.ts'
import { anvil, publicClient, toHexQuantity } from '../test-support/chain.ts'

const accounts = devnetAccounts()

describe.each(TEST_BACKENDS)('GET /v1/account/:address/balance on $name', (backend) => {
  const suite = useTestApi(backend)
  const chainA = () => suite.devnet.stack.devnet.chains[0]!
  const balances = async (address: Address, extra: Record<string, string> = {}) => {
    const { status, body } = await suite.json(`/v1/account/${address}/balance?${query(extra)}`)
    expect(status).toBe(200)
    return BalanceResponseSchema.parse(body).balances
  }
  /** Fresh caches, so an answer another test cached is not served. */
  const freshCaches = () => ({
    balance: new TtlCache<string>(30_000),
    identity: new TtlCache<string>(300_000),
  })
  /** The running API's context with other chain settings, fresh caches, same database. */
  const appWith = (change: (chain: Chain) => Partial<ChainConfig>) => {
    const chains = new Map(
      [...suite.api.context.chains].map(([id, chain]) => [
        id,
        { ...chain, config: { ...chain.config, ...change(chain) } },
      ]),
    )
    return createApiApp({ ...suite.api.context, chains, caches: freshCaches() })
  }

  it('returns the native balance anvil reports, priced, and the fixture tokens but not 0-decimal ones', async () => {
    const holder = accounts[0]!.address
    const list = await balances(holder, { chainId: 'eip155:31337', currency: 'usd' })
    const onChain = await publicClient(chainA()).getBalance({ address: holder })
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
    await anvil(chainA(), 'anvil_setBalance', [address, toHexQuantity(parseEther('1'))])
    const first = await balances(address, { chainId: 'eip155:31337' })
    expect(first[0]?.quantity.numeric).toBe('1')

    await anvil(chainA(), 'anvil_setBalance', [address, toHexQuantity(parseEther('2'))])
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

  it('throttles forceUpdate per address and chain: a second one within the interval is a 429', async () => {
    const address = freshAddress()
    const forcedPath = `/v1/account/${address}/balance?${query({ chainId: 'eip155:31337', forceUpdate: 'true' })}`
    expect((await suite.json(forcedPath)).status).toBe(200)
    const again = await suite.json(forcedPath)
    expect(again.status).toBe(429)
    expect(again.body).toMatchObject({ code: 'RATE_LIMITED' })
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0)
    // The cached read, another chain and another address are still served.
    await balances(address, { chainId: 'eip155:31337' })
    await balances(address, { chainId: 'eip155:31338', forceUpdate: 'true' })
    await balances(freshAddress(), { chainId: 'eip155:31337', forceUpdate: 'true' })
  })

  it('finds the ERC-20s the indexer saw the account use, without a configured token list', async () => {
    const holder = accounts[1]!.address
    const chainId = chainA().chainId
    await suite.api.indexer.waitFor(chainId, Number(suite.devnet.fixtures[chainId]!.startBlock) + 20)
    const app = appWith(() => ({ tokens: [] }))
    const response = await app.request(`/v1/account/${holder}/balance?${query({ chainId: 'eip155:31337' })}`)
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
    const chainId = chainA().chainId
    const dead = { ...suite.api.context.chains.get(chainId)!.config, rpcUrl: `http://127.0.0.1:${port}` }
    const chains = new Map([[chainId, { config: dead, client: createChainClient(dead) }]])
    const caches = freshCaches()
    const app = createApiApp({ ...suite.api.context, chains, caches })
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

  const good = accounts[0]!.address
  it.each([
    // [what, path, expected code]
    ['bad address', `/v1/account/0x1234/balance?${query()}`],
    ['address with junk', `/v1/account/${good}zz/balance?${query()}`],
    ['huge chainId', `/v1/account/${good}/balance?${query({ chainId: 'eip155:999999999999999999999' })}`],
    ['chainId not CAIP-2', `/v1/account/${good}/balance?${query({ chainId: '31337' })}`],
    ['chainId of another namespace', `/v1/account/${good}/balance?${query({ chainId: 'solana:abc' })}`],
    [
      'chainId repeated',
      `/v1/account/${good}/balance?${query({ chainId: 'eip155:31337' })}&chainId=eip155:31338`,
    ],
    ['unknown chain', `/v1/account/${good}/balance?${query({ chainId: 'eip155:5' })}`, 'UNSUPPORTED_CHAIN'],
    ['unknown currency', `/v1/account/${good}/balance?${query({ currency: 'btc' })}`],
    ['forceUpdate not boolean', `/v1/account/${good}/balance?${query({ forceUpdate: 'yes' })}`],
  ])('malformed: %s → 4xx { code, message }', async (_what, path, code?: string) => {
    const error = await suite.expectClientError(path, undefined, code)
    expect(error.message).not.toMatch(/select|insert|stack|at \//i)
  })

  it('answers other methods with a JSON 404', async () => {
    await suite.expectClientError(`/v1/account/${good}/balance?${query()}`, { method: 'DELETE' }, 'NOT_FOUND')
  })
})
