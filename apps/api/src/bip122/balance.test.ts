import {
  API_ERRORS,
  BalanceResponseSchema,
  bip122NativeAsset,
  bitcoin,
  bitcoinTestnet,
  SupportedChainsResponseSchema,
} from '@walletframe/protocol'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningApi } from '../server.ts'
import { clientQuery as query, startTestApi } from '../test-support/api.ts'
import { type EsploraSandbox, startEsploraSandbox } from '../test-support/esplora-sandbox.ts'

/** Testnet addresses of the e2e test Bitcoin wallet (payment, ordinals): any well-formed ones would do. */
const PAYMENT = 'tb1q9429savtfm9nmpgvkjky0kkh77lnu7kcmgtr8d'
const ORDINALS = 'tb1px4r00sf8aw52823h9ls0exahqqgwkkek3z9dws4a4cdjgagcnvpq632zka'
const MAINNET = 'bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l'

describe('GET /v1/account/:address/balance on a bip122 network', () => {
  let esplora: EsploraSandbox
  let api: RunningApi
  beforeAll(async () => {
    esplora = await startEsploraSandbox('tb1')
    // Only testnet has an Esplora API: mainnet is a deployment without one. A trailing / is trimmed.
    api = await startTestApi(undefined, {}, { esploraUrls: { [bitcoinTestnet.caipNetworkId]: esplora.url } })
  })
  afterAll(async () => {
    await api?.close()
    await esplora?.close()
  })

  const get = async (address: string, extra: Record<string, string>) => {
    const response = await api.app.request(`/v1/account/${address}/balance?${query(extra)}`)
    return { status: response.status, body: (await response.json()) as unknown }
  }
  const balanceOf = async (address: string, extra: Record<string, string> = {}) => {
    const { status, body } = await get(address, { chainId: bitcoinTestnet.caipNetworkId, ...extra })
    expect(status, JSON.stringify(body)).toBe(200)
    return BalanceResponseSchema.parse(body).balances
  }

  it('lists the Bitcoin networks it has an Esplora API for among the supported chains', async () => {
    const response = await api.app.request(`/v1/supported-chains?${query()}`)
    const { http } = SupportedChainsResponseSchema.parse(await response.json())
    expect(http).toContain(bitcoinTestnet.caipNetworkId)
    expect(http).not.toContain(bitcoin.caipNetworkId)
  })

  it('answers the BTC balance Esplora reports: confirmed and mempool, received less spent, 8 decimals', async () => {
    esplora.set(PAYMENT, {
      funded: 250_000_000,
      spent: 100_000_000,
      mempoolFunded: 23_456,
      mempoolSpent: 10_000,
    })
    expect(await balanceOf(PAYMENT)).toEqual([
      {
        name: 'Bitcoin',
        symbol: 'BTC',
        chainId: bitcoinTestnet.caipNetworkId,
        address: bip122NativeAsset(bitcoinTestnet.caipNetworkId),
        value: 0,
        price: 0,
        quantity: { decimals: '8', numeric: '1.50013456' },
        iconUrl: '',
      },
    ])
    expect(esplora.requests.at(-1)).toBe(PAYMENT)
    // The same address upper-case (as QR codes carry it) is the same account.
    expect((await balanceOf(PAYMENT.toUpperCase()))[0]?.quantity.numeric).toBe('1.50013456')
  })

  it('answers 0 for an address Esplora never saw: a real zero, read from the network', async () => {
    const [balance] = await balanceOf(ORDINALS)
    expect(balance?.quantity).toEqual({ decimals: '8', numeric: '0' })
    expect(esplora.requests).toContain(ORDINALS)
  })

  it('serves a cached answer for 30 s, and asks Esplora again on forceUpdate', async () => {
    const address = 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx'
    esplora.set(address, { funded: 1_000, spent: 0 })
    expect((await balanceOf(address))[0]?.quantity.numeric).toBe('0.00001')
    esplora.set(address, { funded: 1_000, spent: 0, mempoolFunded: 2_000 })
    const asked = esplora.requests.length
    expect((await balanceOf(address))[0]?.quantity.numeric).toBe('0.00001')
    expect(esplora.requests.length).toBe(asked)
    expect((await balanceOf(address, { forceUpdate: 'true' }))[0]?.quantity.numeric).toBe('0.00003')
    const again = await get(address, { chainId: bitcoinTestnet.caipNetworkId, forceUpdate: 'true' })
    expect(again.status).toBe(429)
    expect(again.body).toMatchObject({ code: 'RATE_LIMITED' })
  })

  it('answers BITCOIN_BALANCES_UNAVAILABLE, never a 0 balance, on a network without an Esplora API', async () => {
    const { status, body } = await get(MAINNET, { chainId: bitcoin.caipNetworkId })
    expect(status).toBe(400)
    expect(body).toEqual({
      code: 'BITCOIN_BALANCES_UNAVAILABLE',
      message: 'Bitcoin balances are not available on this deployment',
    })
    expect(API_ERRORS.bitcoinBalancesUnavailable.message).toBe(
      'Bitcoin balances are not available on this deployment',
    )
  })

  it('answers 503 CHAIN_UNAVAILABLE when Esplora fails, and caches no failure', async () => {
    const address = 'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7'
    esplora.failWith(500)
    const errors = console.error
    console.error = () => {} // the failure is logged server-side; keep the test output clean
    try {
      const { status, body } = await get(address, { chainId: bitcoinTestnet.caipNetworkId })
      expect(status).toBe(503)
      expect(body).toMatchObject({ code: 'CHAIN_UNAVAILABLE' })
    } finally {
      console.error = errors
      esplora.failWith(undefined)
    }
    expect((await balanceOf(address))[0]?.quantity.numeric).toBe('0')
  })

  it('leaves eip155 requests to the eip155 route', async () => {
    const { status, body } = await get(MAINNET.replace('bc1', 'tb1'), { chainId: 'eip155:31337' })
    expect(status).toBe(400)
    expect(body).toMatchObject({ code: 'INVALID_INPUT' }) // the eip155 route's address check
  })

  it.each([
    ['a malformed address', 'tb1qzz!', { chainId: bitcoinTestnet.caipNetworkId }, 'INVALID_INPUT'],
    [
      'an EVM address',
      '0x1111111111111111111111111111111111111111',
      { chainId: bitcoinTestnet.caipNetworkId },
      'INVALID_INPUT',
    ],
    [
      'an address of another network (Esplora’s 400)',
      MAINNET,
      { chainId: bitcoinTestnet.caipNetworkId },
      'INVALID_INPUT',
    ],
    [
      'a bip122 network not served',
      PAYMENT,
      { chainId: 'bip122:00000000da84f2bafbbc53dee25a72ae' },
      'UNSUPPORTED_CHAIN',
    ],
    ['a chainId not CAIP-2', PAYMENT, { chainId: 'bip122:xyz' }, 'INVALID_INPUT'],
    [
      'forceUpdate as a token',
      PAYMENT,
      { chainId: bitcoinTestnet.caipNetworkId, forceUpdate: '0x1111111111111111111111111111111111111111' },
      'INVALID_INPUT',
    ],
  ])('refuses %s with a 4xx { code, message }', async (_what, address, extra, code) => {
    const { status, body } = await get(address, extra)
    expect(status).toBe(400)
    expect(body).toMatchObject({ code })
    expect(Object.keys(body as object).sort()).toEqual(['code', 'message'])
  })

  it('refuses a repeated chainId', async () => {
    const path = `/v1/account/${PAYMENT}/balance?${query({ chainId: bitcoinTestnet.caipNetworkId })}&chainId=${bitcoin.caipNetworkId}`
    const response = await api.app.request(path)
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ code: 'INVALID_INPUT' })
  })
})
