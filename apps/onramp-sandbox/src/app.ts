/**
 * The sandbox's routes (protocol: SANDBOX_PATHS). The REST API takes the partner's bearer key and
 * JSON, answers JSON or `{ error: { type, message } }`; the checkout page is what the user's
 * browser opens from the widget URL, and its form is where the test card is taken and the devnet
 * credited.
 */
import {
  ONRAMP_PAYMENT_METHODS,
  SANDBOX_PATHS,
  SANDBOX_QUOTE_OUTAGE_AMOUNT,
  type SandboxAssets,
  type SandboxQuote,
  SandboxQuoteRequestSchema,
  SandboxSessionRequestSchema,
} from '@walletframe/protocol'
import { type Context, Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { secureHeaders } from 'hono/secure-headers'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { Hex } from 'viem'
import { handleCheckout, showCheckout } from './checkout.ts'
import { OrderBook, orderView } from './orders.ts'
import {
  CRYPTO_CURRENCIES,
  FIAT_CURRENCIES,
  formatCents,
  formatCrypto,
  PROCESSING_FEE_BASIS_POINTS,
  parseCents,
  priceOf,
} from './pricing.ts'
import type { SandboxChain, Treasury } from './treasury.ts'

/** The sandbox's own limits per payment method, in the fiat currency's cents. */
export const SANDBOX_LIMITS_CENTS = {
  card: { min: 1_500n, max: 500_000n },
  bank: { min: 1_500n, max: 2_000_000n },
} as const

const QUOTE_LIFETIME_MS = 60_000

export interface SandboxDeps {
  url: string
  apiKey: string
  chains: readonly SandboxChain[]
  treasury: Treasury
  orders?: OrderBook
}

export class SandboxApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly type: string,
    message: string,
  ) {
    super(message)
  }
}

const fail = (status: ContentfulStatusCode, type: string, message: string): never => {
  throw new SandboxApiError(status, type, message)
}

async function jsonBody(c: Context): Promise<unknown> {
  if (c.req.header('content-type')?.split(';')[0]?.trim() !== 'application/json')
    fail(415, 'invalid_request', 'The body must be application/json')
  return c.req.json().catch(() => fail(400, 'invalid_request', 'The body is not JSON'))
}

function parse<T>(
  schema: {
    safeParse(
      v: unknown,
    ):
      | { success: true; data: T }
      | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } }
  },
  value: unknown,
): T {
  const result = schema.safeParse(value)
  if (result.success) return result.data
  const issue = result.error.issues[0]
  return fail(
    400,
    'invalid_request',
    `${issue?.path.map(String).join('.') || 'body'}: ${issue?.message ?? 'invalid'}`,
  )
}

export function createSandboxApp(deps: SandboxDeps): Hono {
  const orders = deps.orders ?? new OrderBook()
  const network = (id: string) =>
    deps.chains.find((chain) => chain.id === id) ?? fail(400, 'unsupported_network', `Unknown network ${id}`)
  const checkCurrencies = (fiat: string, crypto: string) => {
    if (!FIAT_CURRENCIES.includes(fiat))
      fail(400, 'unsupported_currency', `Unsupported fiat currency ${fiat}`)
    if (!CRYPTO_CURRENCIES.includes(crypto))
      fail(400, 'unsupported_currency', `Unsupported crypto currency ${crypto}`)
  }
  const checkLimits = (cents: bigint, method: keyof typeof SANDBOX_LIMITS_CENTS) => {
    const { min, max } = SANDBOX_LIMITS_CENTS[method]
    if (cents < min || cents > max)
      fail(
        400,
        'amount_out_of_range',
        `The amount must be between ${formatCents(min)} and ${formatCents(max)}`,
      )
  }

  const api = new Hono()
  api.use(
    '/api/*',
    bodyLimit({ maxSize: 16 * 1024, onError: () => fail(413, 'invalid_request', 'The body is too large') }),
  )
  api.use('/api/*', async (c, next) => {
    if (c.req.header('authorization') !== `Bearer ${deps.apiKey}`)
      fail(401, 'authentication_error', 'Invalid API key')
    await next()
  })
  api.get(SANDBOX_PATHS.assets, (c) => {
    const assets: SandboxAssets = {
      fiat: FIAT_CURRENCIES.map((code) => ({
        code,
        limits: ONRAMP_PAYMENT_METHODS.map((method) => ({
          method,
          min: formatCents(SANDBOX_LIMITS_CENTS[method].min),
          max: formatCents(SANDBOX_LIMITS_CENTS[method].max),
        })),
      })),
      crypto: CRYPTO_CURRENCIES.map((code) => ({
        code,
        name: 'Ether',
        networks: deps.chains.map((chain) => ({ id: chain.id, name: chain.name, chainId: chain.chainId })),
      })),
      processingFeePercent: Number(PROCESSING_FEE_BASIS_POINTS) / 100,
    }
    return c.json(assets)
  })
  api.post(SANDBOX_PATHS.quotes, async (c) => {
    const request = parse(SandboxQuoteRequestSchema, await jsonBody(c))
    // A documented test value: lets integrators see their fallback for a provider outage.
    if (request.fiatAmount === SANDBOX_QUOTE_OUTAGE_AMOUNT) fail(503, 'api_error', 'Quotes are unavailable')
    network(request.network)
    checkCurrencies(request.fiatCurrency, request.cryptoCurrency)
    const cents = parseCents(request.fiatAmount)
    checkLimits(cents, request.paymentMethod)
    const price = priceOf(cents, request.fiatCurrency, request.cryptoCurrency)!
    const quote: SandboxQuote = {
      id: `quo_${crypto.randomUUID()}`,
      fiatCurrency: request.fiatCurrency,
      fiatAmount: formatCents(price.amountCents),
      processingFee: formatCents(price.processingFeeCents),
      networkFee: formatCents(price.networkFeeCents),
      totalAmount: formatCents(price.totalCents),
      cryptoCurrency: request.cryptoCurrency,
      cryptoAmount: formatCrypto(price.cryptoWei),
      network: request.network,
      expiresAt: new Date(Date.now() + QUOTE_LIFETIME_MS).toISOString(),
    }
    return c.json(quote)
  })
  api.post(SANDBOX_PATHS.sessions, async (c) => {
    const request = parse(SandboxSessionRequestSchema, await jsonBody(c))
    const chain = network(request.network)
    checkCurrencies(request.fiatCurrency, request.cryptoCurrency)
    let price: ReturnType<typeof priceOf>
    if (request.fiatAmount !== undefined) {
      const cents = parseCents(request.fiatAmount)
      checkLimits(cents, 'card')
      price = priceOf(cents, request.fiatCurrency, request.cryptoCurrency)
    }
    const order = orders.create({
      walletAddress: request.walletAddress as Hex,
      network: chain,
      cryptoCurrency: request.cryptoCurrency,
      fiatCurrency: request.fiatCurrency,
      price,
      externalCustomerId: request.externalCustomerId,
    })
    const checkoutUrl = `${deps.url}${SANDBOX_PATHS.checkout.replace(':id', order.id)}`
    return c.json({ id: order.id, checkoutUrl }, 201)
  })
  api.get(SANDBOX_PATHS.order, (c) => {
    const order = orders.get(c.req.param('id')) ?? fail(404, 'not_found', 'No such order')
    return c.json(orderView(order))
  })

  const app = new Hono()
  app.get('/healthz', (c) => c.json({ ok: true }))
  app.route('/', api)
  const checkoutDeps = { orders, treasury: deps.treasury, checkLimits, priceOf }
  app.use(
    SANDBOX_PATHS.checkout,
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'none'"],
        styleSrc: ["'unsafe-inline'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    }),
  )
  app.get(SANDBOX_PATHS.checkout, (c) => showCheckout(c, checkoutDeps))
  app.post(SANDBOX_PATHS.checkout, (c) => handleCheckout(c, checkoutDeps))
  app.notFound((c) => c.json({ error: { type: 'not_found', message: 'No such route' } }, 404))
  app.onError((error, c) => {
    if (error instanceof SandboxApiError)
      return c.json({ error: { type: error.type, message: error.message } }, error.status)
    console.error('[onramp-sandbox]', error)
    return c.json({ error: { type: 'api_error', message: 'The sandbox failed to answer' } }, 500)
  })
  return app
}
