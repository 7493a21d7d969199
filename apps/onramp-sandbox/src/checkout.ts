/**
 * The checkout page's two steps. GET shows the order and the card form. POST takes the form: field
 * mistakes come back beside their fields, a declined card comes back with the decline (the order
 * stays payable, as with a real provider), an approved one is charged and the crypto sent to the
 * wallet on the devnet before the answer; only a completed transfer marks the order completed.
 */
import type { Context } from 'hono'
import type { FormState } from './checkout-page.ts'
import { checkoutPage, completedPage, messagePage } from './checkout-page.ts'
import { cardDecline, cardErrors, type OrderBook } from './orders.ts'
import { parseCents, type priceOf } from './pricing.ts'
import type { Treasury } from './treasury.ts'

export interface CheckoutDeps {
  orders: OrderBook
  treasury: Treasury
  checkLimits(cents: bigint, method: 'card'): void
  priceOf: typeof priceOf
}

const html = (c: Context, body: string, status: 200 | 400 | 402 | 404 | 409 | 502 = 200) =>
  c.html(body, status, { 'cache-control': 'no-store' })

const MAX_FORM_BYTES = 2_048

export function showCheckout(c: Context, deps: CheckoutDeps) {
  const order = deps.orders.get(c.req.param('id') ?? '')
  if (!order)
    return html(c, messagePage('Checkout not found', 'This checkout link has expired or never existed.'), 404)
  if (order.status === 'completed') return html(c, completedPage(order))
  return html(c, checkoutPage(order, order.declineReason ? { alert: order.declineReason } : {}))
}

export async function handleCheckout(c: Context, deps: CheckoutDeps) {
  const order = deps.orders.get(c.req.param('id') ?? '')
  if (!order)
    return html(c, messagePage('Checkout not found', 'This checkout link has expired or never existed.'), 404)
  if (order.status === 'completed') return html(c, completedPage(order))
  if (order.status === 'processing')
    return html(c, messagePage('Payment in progress', 'This order is already being paid.'), 409)
  const text = await c.req.text()
  if (text.length > MAX_FORM_BYTES) return html(c, messagePage('Checkout', 'The form is too large.'), 400)
  const form = new URLSearchParams(text)
  const values = {
    amount: form.get('amount') ?? '',
    cardNumber: form.get('cardNumber') ?? '',
    expiry: form.get('expiry') ?? '',
    cvc: form.get('cvc') ?? '',
  }
  const fieldErrors: NonNullable<FormState['fieldErrors']> = cardErrors(values)
  let price = order.price
  if (!price) {
    try {
      if (!/^[0-9]{1,9}(\.[0-9]{1,2})?$/.test(values.amount))
        throw new Error('Enter an amount such as 100.00.')
      const cents = parseCents(values.amount)
      deps.checkLimits(cents, 'card')
      price = deps.priceOf(cents, order.fiatCurrency, order.cryptoCurrency)
    } catch (error) {
      fieldErrors.amount = (error as Error).message
    }
  }
  // The card number never goes back into the page.
  const kept = { amount: values.amount, expiry: values.expiry, cvc: '' }
  if (Object.keys(fieldErrors).length > 0 || !price)
    return html(c, checkoutPage(order, { fieldErrors, values: kept }), 400)

  const decline = cardDecline(values.cardNumber)
  if (decline) {
    order.status = 'declined'
    order.declineReason = decline
    return html(c, checkoutPage(order, { alert: decline, values: kept }), 402)
  }
  order.price = price
  order.status = 'processing'
  delete order.declineReason
  try {
    order.transactionHash = await deps.treasury.send(order.network, order.walletAddress, price.cryptoWei)
    order.status = 'completed'
    return html(c, completedPage(order))
  } catch (error) {
    console.error('[onramp-sandbox] delivery failed:', error)
    order.status = 'failed'
    order.declineReason = 'We could not deliver your crypto, so your card was not charged. Try again later.'
    return html(c, checkoutPage(order, { alert: order.declineReason, values: kept }), 502)
  }
}
