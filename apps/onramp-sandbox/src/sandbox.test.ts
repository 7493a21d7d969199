import { type Devnet, devnetAccounts, ONRAMP_TREASURY_INDEX, startDevnet } from '@walletframe/devnet'
import {
  SANDBOX_DECLINES,
  SANDBOX_DEV_API_KEY,
  SANDBOX_PATHS,
  SANDBOX_QUOTE_OUTAGE_AMOUNT,
  SANDBOX_TEST_CARDS,
  SandboxOrderSchema,
  SandboxQuoteSchema,
  SandboxSessionSchema,
} from '@walletframe/protocol'
import { resolveStackConfig } from '@walletframe/stack'
import { freePortPair } from '@walletframe/testing'
import { createPublicClient, type Hex, http, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSandboxApp } from './app.ts'
import { createTreasury } from './treasury.ts'

const URL_BASE = 'http://sandbox.test'
let devnet: Devnet
let app: ReturnType<typeof createSandboxApp>
let rpcUrl: string

beforeAll(async () => {
  const stack = resolveStackConfig({ WF_DEVNET_PORT: String(await freePortPair()) })
  devnet = await startDevnet(stack.devnet, { fixtures: false })
  const chain = devnet.chains[0]!
  rpcUrl = chain.rpcUrl
  app = createSandboxApp({
    url: URL_BASE,
    apiKey: SANDBOX_DEV_API_KEY,
    chains: [{ id: 'walletframe-devnet-a', name: 'Devnet A', chainId: chain.chainId, rpcUrl }],
    treasury: createTreasury(devnetAccounts()[ONRAMP_TREASURY_INDEX]!.privateKey),
  })
})
afterAll(() => devnet?.close())

const auth = { authorization: `Bearer ${SANDBOX_DEV_API_KEY}`, 'content-type': 'application/json' }
const post = (path: string, body: unknown, headers: Record<string, string> = auth) =>
  app.request(path, { method: 'POST', headers, body: JSON.stringify(body) })
const balance = (address: Hex) => createPublicClient({ transport: http(rpcUrl) }).getBalance({ address })

async function checkout(address: Hex, fiatAmount = '100.00') {
  const response = await post(SANDBOX_PATHS.sessions, {
    walletAddress: address,
    network: 'walletframe-devnet-a',
    cryptoCurrency: 'ETH',
    fiatCurrency: 'USD',
    fiatAmount,
    externalCustomerId: address,
  })
  expect(response.status).toBe(201)
  const session = SandboxSessionSchema.parse(await response.json())
  expect(session.checkoutUrl).toBe(`${URL_BASE}/checkout/${session.id}`)
  return session
}

const pay = (id: string, card: string) =>
  app.request(`/checkout/${id}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ cardNumber: card, expiry: '12/39', cvc: '123' }).toString(),
  })

describe('the on-ramp sandbox API', () => {
  it('refuses a call without the partner key', async () => {
    const response = await app.request(SANDBOX_PATHS.assets)
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({
      error: { type: 'authentication_error', message: 'Invalid API key' },
    })
  })

  it('quotes fees on top of the amount and the ETH it buys at its own rate', async () => {
    const body = {
      fiatCurrency: 'USD',
      fiatAmount: '100',
      cryptoCurrency: 'ETH',
      network: 'walletframe-devnet-a',
      paymentMethod: 'card',
    }
    const quote = SandboxQuoteSchema.parse(await (await post(SANDBOX_PATHS.quotes, body)).json())
    expect(quote).toMatchObject({
      fiatAmount: '100.00',
      processingFee: '1.50',
      networkFee: '0.10',
      totalAmount: '101.60',
    })
    expect(quote.cryptoAmount).toBe('0.03333333')
    const eur = SandboxQuoteSchema.parse(
      await (await post(SANDBOX_PATHS.quotes, { ...body, fiatCurrency: 'EUR' })).json(),
    )
    expect(eur.cryptoAmount).toBe('0.036')
  })

  it('answers bad requests with its error shape', async () => {
    const body = {
      fiatCurrency: 'USD',
      fiatAmount: '10',
      cryptoCurrency: 'ETH',
      network: 'walletframe-devnet-a',
      paymentMethod: 'card',
    }
    expect(await (await post(SANDBOX_PATHS.quotes, body)).json()).toEqual({
      error: { type: 'amount_out_of_range', message: 'The amount must be between 15.00 and 5000.00' },
    })
    expect((await post(SANDBOX_PATHS.quotes, { ...body, fiatAmount: '50', network: 'mars' })).status).toBe(
      400,
    )
    expect((await post(SANDBOX_PATHS.quotes, { ...body, fiatAmount: '1e3' })).status).toBe(400)
    expect((await post(SANDBOX_PATHS.quotes, body, { authorization: auth.authorization })).status).toBe(415)
    expect(
      (await post(SANDBOX_PATHS.quotes, { ...body, fiatAmount: SANDBOX_QUOTE_OUTAGE_AMOUNT })).status,
    ).toBe(503)
  })
})

describe('the checkout page', () => {
  it('shows the order and takes the test card: the wallet is credited on the devnet', async () => {
    const buyer = privateKeyToAccount(generatePrivateKey()).address
    const session = await checkout(buyer)
    const page = await (await app.request(`/checkout/${session.id}`)).text()
    expect(page).toContain(buyer)
    expect(page).toContain('101.60 USD')
    expect(page).toContain('0.03333333 ETH')

    const paid = await pay(session.id, SANDBOX_TEST_CARDS.success.replace(/(\d{4})/g, '$1 '))
    expect(paid.status).toBe(200)
    expect(await paid.text()).toContain('Payment complete')
    expect(await balance(buyer)).toBe(parseEther('0.03333333'))
    const order = SandboxOrderSchema.parse(
      await (await app.request(SANDBOX_PATHS.order.replace(':id', session.id), { headers: auth })).json(),
    )
    expect(order).toMatchObject({ status: 'completed', cryptoAmount: '0.03333333', walletAddress: buyer })
    expect(order.transactionHash).toMatch(/^0x[0-9a-f]{64}$/)
  })

  it('shows a declined card and credits nothing; a later good card still pays', async () => {
    const buyer = privateKeyToAccount(generatePrivateKey()).address
    const session = await checkout(buyer, '20')
    const declined = await pay(session.id, SANDBOX_TEST_CARDS.declined)
    expect(declined.status).toBe(402)
    const page = await declined.text()
    expect(page).toContain(SANDBOX_DECLINES.declined)
    expect(page).not.toContain(SANDBOX_TEST_CARDS.declined)
    expect(await balance(buyer)).toBe(0n)
    expect((await pay(session.id, '4111 1111 1111 1112')).status).toBe(400)
    expect((await pay(session.id, SANDBOX_TEST_CARDS.success)).status).toBe(200)
    expect(await balance(buyer)).toBeGreaterThan(0n)
  })

  it('refuses an expired card and an unknown checkout', async () => {
    const session = await checkout(privateKeyToAccount(generatePrivateKey()).address)
    const expired = await app.request(`/checkout/${session.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        cardNumber: SANDBOX_TEST_CARDS.success,
        expiry: '01/20',
        cvc: '1',
      }).toString(),
    })
    expect(expired.status).toBe(400)
    const text = await expired.text()
    expect(text).toContain('This card has expired.')
    expect(text).toContain('Enter the 3 or 4 digit CVC.')
    expect((await app.request('/checkout/ord_nope')).status).toBe(404)
  })
})
