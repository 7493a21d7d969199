/**
 * Checkout sessions and their orders, in memory (the devnet they pay into is new on every start),
 * and the card checks a processor makes before it charges: number (Luhn), expiry, CVC, then the
 * sandbox's test-card outcomes.
 */
import { randomBytes } from 'node:crypto'
import { SANDBOX_DECLINES, SANDBOX_TEST_CARDS, type SandboxOrder } from '@walletframe/protocol'
import type { Hex } from 'viem'
import type { Price } from './pricing.ts'
import { formatCents, formatCrypto } from './pricing.ts'
import type { SandboxChain } from './treasury.ts'

export interface Order {
  id: string
  status: SandboxOrder['status']
  walletAddress: Hex
  network: SandboxChain
  cryptoCurrency: string
  fiatCurrency: string
  /** Known once an amount is set: by the session, or on the checkout page. */
  price?: Price | undefined
  externalCustomerId: string
  transactionHash?: Hex
  declineReason?: string
  createdAt: number
}

/** Sessions older than this are gone, as a provider's checkout links expire. */
const SESSION_LIFETIME_MS = 60 * 60_000
const MAX_ORDERS = 10_000

export class OrderBook {
  readonly #orders = new Map<string, Order>()

  create(order: Omit<Order, 'id' | 'status' | 'createdAt'>): Order {
    this.#prune()
    const created: Order = {
      ...order,
      id: `ord_${randomBytes(12).toString('hex')}`,
      status: 'awaiting_payment',
      createdAt: Date.now(),
    }
    this.#orders.set(created.id, created)
    return created
  }

  get(id: string): Order | undefined {
    const order = this.#orders.get(id)
    return order && Date.now() - order.createdAt < SESSION_LIFETIME_MS ? order : undefined
  }

  #prune() {
    const now = Date.now()
    for (const [id, order] of this.#orders)
      if (now - order.createdAt >= SESSION_LIFETIME_MS || this.#orders.size >= MAX_ORDERS)
        this.#orders.delete(id)
  }
}

export function orderView(order: Order): SandboxOrder {
  return {
    id: order.id,
    status: order.status,
    walletAddress: order.walletAddress,
    network: order.network.id,
    cryptoCurrency: order.cryptoCurrency,
    fiatCurrency: order.fiatCurrency,
    ...(order.price
      ? {
          cryptoAmount: formatCrypto(order.price.cryptoWei),
          fiatAmount: formatCents(order.price.amountCents),
        }
      : {}),
    ...(order.transactionHash ? { transactionHash: order.transactionHash } : {}),
    ...(order.declineReason ? { declineReason: order.declineReason } : {}),
  }
}

function luhn(digits: string): boolean {
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  }
  return sum % 10 === 0
}

export type CardFields = 'cardNumber' | 'expiry' | 'cvc'

/** The form's mistakes, by field; empty when the card can be sent to the processor. */
export function cardErrors(
  form: Record<CardFields, string>,
  now = new Date(),
): Partial<Record<CardFields, string>> {
  const errors: Partial<Record<CardFields, string>> = {}
  const number = form.cardNumber.replace(/[\s-]/g, '')
  if (!/^[0-9]{12,19}$/.test(number) || !luhn(number)) errors.cardNumber = 'Enter a valid card number.'
  const expiry = /^(0[1-9]|1[0-2])\s*\/\s*([0-9]{2})$/.exec(form.expiry.trim())
  if (!expiry) errors.expiry = 'Enter the expiry as MM/YY.'
  else {
    const [month, year] = [Number(expiry[1]), 2000 + Number(expiry[2])]
    if (year * 12 + month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1)
      errors.expiry = 'This card has expired.'
  }
  if (!/^[0-9]{3,4}$/.test(form.cvc.trim())) errors.cvc = 'Enter the 3 or 4 digit CVC.'
  return errors
}

/** The processor's answer to a well-formed card: undefined approves it, otherwise the decline text. */
export function cardDecline(cardNumber: string): string | undefined {
  const number = cardNumber.replace(/[\s-]/g, '')
  if (number === SANDBOX_TEST_CARDS.success) return undefined
  if (number === SANDBOX_TEST_CARDS.declined) return SANDBOX_DECLINES.declined
  if (number === SANDBOX_TEST_CARDS.insufficientFunds) return SANDBOX_DECLINES.insufficientFunds
  return SANDBOX_DECLINES.unknownCard
}
