/**
 * Buy, as data (spec §3 on-ramp options and quote, §7 routes): the options load; an amount within
 * the payment method's limits is quoted after the debounce pause (spec §9, 500 ms); Buy asks the
 * API for the provider's widget URL and sends the checkout window (opened in the click) there; then
 * the native balance is read every few seconds until the purchase lands. Closing the checkout
 * window with nothing received goes back to the quote.
 */
import {
  FIAT_AMOUNT_PATTERN,
  fiatCents,
  type OnRampNetwork,
  type OnRampOptionsResponse,
  type OnRampQuote,
  type PaymentMethodLimit,
  type PurchaseCurrency,
  TIME,
  UI_MESSAGES,
} from '@walletframe/protocol'
import { assign, fromPromise, setup } from 'xstate'
import type { Text } from '../../ui/i18n/translator.ts'
import type { CheckoutWindow } from './checkout-window.ts'
import type { OnRampApi } from './onramp-api.ts'

/** How often the balance is read while the checkout is open. */
export const PURCHASE_POLL_MS = 2_000

export interface BuyInput {
  api: OnRampApi
  address: string
  chainId: number
  /** Reads the native balance again and returns it. */
  readBalance(): Promise<bigint | undefined>
}

export interface BuyContext extends BuyInput {
  options?: OnRampOptionsResponse
  purchase?: PurchaseCurrency
  network?: OnRampNetwork
  paymentCurrency: string
  amount: string
  quote?: OnRampQuote
  /** What went wrong last (a quote, the widget URL), or a notice (the window was closed). */
  message?: string
  checkout?: CheckoutWindow | undefined
  startBalance?: bigint | undefined
  received?: bigint
}

export type BuyEvent =
  | { type: 'AMOUNT'; amount: string }
  | { type: 'CURRENCY'; currency: string }
  | { type: 'BUY'; checkout: CheckoutWindow | undefined }
  | { type: 'AGAIN' }

/** The card limit of the chosen payment currency. */
export function cardLimit(
  context: Pick<BuyContext, 'options' | 'paymentCurrency'>,
): PaymentMethodLimit | undefined {
  return context.options?.paymentCurrencies
    .find((currency) => currency.id === context.paymentCurrency)
    ?.payment_method_limits.find((limit) => limit.id === 'card')
}

/** Why the amount cannot be quoted (for the view to put in its language), or undefined when it can. */
export function amountProblem(
  context: Pick<BuyContext, 'options' | 'paymentCurrency' | 'amount'>,
): Text | undefined {
  const currency = context.paymentCurrency
  if (context.amount === '') return { key: 'onramp.enterAmount' }
  if (!FIAT_AMOUNT_PATTERN.test(context.amount))
    return { key: 'onramp.amountFormat', values: { example1: '100', example2: '100.50' } }
  const limit = cardLimit(context)
  if (!limit) return { key: 'onramp.currencyNotOffered', values: { currency } }
  const cents = fiatCents(context.amount)
  if (cents < fiatCents(limit.min)) return { key: 'onramp.minimum', values: { amount: limit.min, currency } }
  if (cents > fiatCents(limit.max)) return { key: 'onramp.maximum', values: { amount: limit.max, currency } }
  return undefined
}

const errorText = (error: unknown) =>
  (error as { shortMessage?: string }).shortMessage ??
  (error as Error).message ??
  UI_MESSAGES.somethingWentWrong

export const buyMachine = setup({
  types: { context: {} as BuyContext, events: {} as BuyEvent, input: {} as BuyInput },
  actors: {
    loadOptions: fromPromise<OnRampOptionsResponse, OnRampApi>(({ input }) => input.options()),
    quote: fromPromise<OnRampQuote, BuyContext>(({ input }) =>
      input.api.quote({
        purchaseCurrency: input.purchase!.id,
        paymentCurrency: input.paymentCurrency,
        amount: input.amount,
        network: input.network!.name,
        paymentMethod: 'card',
      }),
    ),
    startCheckout: fromPromise<{ url: string; balance: bigint | undefined }, BuyContext>(
      async ({ input }) => {
        const [balance, url] = await Promise.all([
          input.readBalance(),
          input.api.widgetUrl({
            destinationWallets: [
              {
                address: input.address as `0x${string}`,
                blockchains: [input.network!.name],
                assets: [input.purchase!.id],
              },
            ],
            defaultNetwork: input.network!.name,
            partnerUserId: input.address,
            defaultExperience: 'buy',
            presetFiatAmount: Number(input.amount),
            fiatCurrency: input.paymentCurrency,
            defaultAsset: input.purchase!.id,
          }),
        ])
        return { url, balance }
      },
    ),
    readBalance: fromPromise<bigint | undefined, BuyContext>(({ input }) => input.readBalance()),
  },
  guards: {
    quotable: ({ context }) => amountProblem(context) === undefined,
    landed: ({ context, event }) => {
      const balance = (event as unknown as { output: bigint | undefined }).output
      return balance !== undefined && context.startBalance !== undefined && balance > context.startBalance
    },
    checkoutClosed: ({ context }) => context.checkout?.closed() ?? true,
  },
  actions: {
    closeCheckout: ({ context }) => context.checkout?.close(),
  },
}).createMachine({
  id: 'buy',
  context: ({ input }) => ({ ...input, paymentCurrency: 'USD', amount: '' }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadOptions',
        input: ({ context }) => context.api,
        onDone: [
          {
            guard: ({ context, event }) => offeredOn(event.output, context.chainId) !== undefined,
            target: 'ready',
            actions: assign(({ context, event }) => {
              const offer = offeredOn(event.output, context.chainId)!
              const currencies = event.output.paymentCurrencies.map((currency) => currency.id)
              return {
                options: event.output,
                ...offer,
                paymentCurrency: currencies.includes(context.paymentCurrency)
                  ? context.paymentCurrency
                  : (currencies[0] ?? 'USD'),
              }
            }),
          },
          { target: 'unsupported', actions: assign(({ event }) => ({ options: event.output })) },
        ],
        onError: { target: 'failed', actions: assign(({ event }) => ({ message: errorText(event.error) })) },
      },
    },
    /** The connected network is not among the provider's. */
    unsupported: {},
    failed: {},
    ready: {
      initial: 'editing',
      on: {
        AMOUNT: {
          target: '.editing',
          reenter: true,
          actions: assign(({ event }) => ({
            amount: event.amount.trim(),
            quote: undefined,
            message: undefined,
          })),
        },
        CURRENCY: {
          target: '.editing',
          reenter: true,
          actions: assign(({ event }) => ({
            paymentCurrency: event.currency,
            quote: undefined,
            message: undefined,
          })),
        },
      },
      states: {
        editing: { always: { guard: 'quotable', target: 'debouncing' } },
        debouncing: { after: { [TIME.debounceMs]: 'quoting' } },
        quoting: {
          invoke: {
            src: 'quote',
            input: ({ context }) => context,
            onDone: { target: 'quoted', actions: assign(({ event }) => ({ quote: event.output })) },
            onError: {
              target: 'quoteFailed',
              actions: assign(({ event }) => ({ message: errorText(event.error) })),
            },
          },
        },
        quoteFailed: {},
        quoted: {
          on: {
            BUY: [
              {
                guard: ({ event }) => event.checkout === undefined,
                actions: assign({ message: 'Allow pop-ups for this site to open the checkout' }),
              },
              {
                target: '#buy.opening',
                actions: assign(({ event }) => ({ checkout: event.checkout, message: undefined })),
              },
            ],
          },
        },
      },
    },
    opening: {
      invoke: {
        src: 'startCheckout',
        input: ({ context }) => context,
        onDone: {
          target: 'waiting',
          actions: [
            ({ context, event }) => context.checkout?.navigate(event.output.url),
            assign(({ event }) => ({ startBalance: event.output.balance })),
          ],
        },
        onError: {
          target: 'ready.quoted',
          actions: [
            'closeCheckout',
            assign(({ event }) => ({ message: errorText(event.error), checkout: undefined })),
          ],
        },
      },
    },
    waiting: { after: { [PURCHASE_POLL_MS]: 'checking' } },
    checking: {
      invoke: {
        src: 'readBalance',
        input: ({ context }) => context,
        onDone: [
          {
            guard: 'landed',
            target: 'landed',
            actions: assign(({ context, event }) => ({ received: event.output! - context.startBalance! })),
          },
          {
            guard: 'checkoutClosed',
            target: 'ready.quoted',
            actions: assign({
              message: 'The checkout window was closed before the purchase arrived',
              checkout: undefined,
            }),
          },
          { target: 'waiting' },
        ],
        onError: { target: 'waiting' },
      },
    },
    landed: {
      on: {
        AGAIN: {
          target: 'ready',
          actions: assign({ amount: '', quote: undefined, received: undefined, checkout: undefined }),
        },
      },
    },
  },
})

/** The currency and network the provider offers for the connected chain, if any. */
function offeredOn(options: OnRampOptionsResponse, chainId: number) {
  for (const purchase of options.purchaseCurrencies) {
    const network = purchase.networks.find((entry) => entry.chain_id === chainId)
    if (network) return { purchase, network }
  }
  return undefined
}
