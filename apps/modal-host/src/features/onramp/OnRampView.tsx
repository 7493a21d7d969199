/**
 * Buy (view `OnRamp`; spec §2 on-ramp layouts are not shown, so this follows the modal's own look):
 * the provider and its fee range, the payment currency, an amount within the card limits, the
 * quote (marked when it is the API's estimate), then the provider's checkout in a window of its
 * own; back here the balance is watched until the purchase lands.
 */
import { LIMITS } from '@walletframe/protocol'
import { type ReactElement, useEffect, useState, useSyncExternalStore } from 'react'
import { createActor } from 'xstate'
import { floorUnits } from '../../ui/format/amount.ts'
import { Icon, Spinner } from '../../ui/icons.tsx'
import { useSession, useSessionState } from '../core/index.ts'
import { amountProblem, buyMachine, cardLimit } from './buy.machine.ts'
import { openCheckoutWindow } from './checkout-window.ts'
import { onRampApi } from './onramp-api.ts'
import { QuoteSummary } from './QuoteSummary.tsx'
import './onramp.css'
import { useI18n } from '../../ui/i18n/use-i18n.tsx'

function useBuyActor() {
  const session = useSession()
  const [actor] = useState(() => {
    const api = session.dataApi()
    const { address = '', chainId = 0 } = session.store.get().account
    return api
      ? createActor(buyMachine, {
          input: {
            api: onRampApi(api),
            address,
            chainId,
            readBalance: async () => {
              await session.refreshBalance()
              return session.store.get().balance.value
            },
          },
        })
      : undefined
  })
  useEffect(() => {
    actor?.start()
    return () => {
      actor?.stop()
    }
  }, [actor])
  const snapshot = useSyncExternalStore(
    (listener) => {
      const subscription = actor?.subscribe(listener)
      return () => subscription?.unsubscribe()
    },
    () => actor?.getSnapshot(),
  )
  return { actor, snapshot }
}

export function OnRampView(): ReactElement {
  const session = useSession()
  const { actor, snapshot } = useBuyActor()
  const network = useSessionState((s) => session.findNetwork(s.account.chainId))
  const balance = useSessionState((s) => s.balance.value)
  const { t, text, decimal } = useI18n()
  if (!actor || !snapshot) return <Notice text={t('onramp.noDataApi')} />
  const context = snapshot.context
  const currency = network?.nativeCurrency
  const balanceText =
    balance !== undefined && currency
      ? `${decimal(floorUnits(balance, currency.decimals, LIMITS.balanceDisplayDecimals))} ${currency.symbol}`
      : '—'

  if (snapshot.matches('loading')) return <Loading />
  if (snapshot.matches('failed'))
    return <Notice text={t('onramp.unavailable', { reason: text(context.message ?? '') }).trim()} />
  if (snapshot.matches('unsupported'))
    return <Notice text={t('onramp.notOffered', { network: network?.name ?? t('onramp.thisNetwork') })} />

  const purchase = context.purchase!
  const provider = context.options?.provider
  if (snapshot.matches('opening') || snapshot.matches('waiting') || snapshot.matches('checking'))
    return (
      <div className="wf-onramp wf-onramp-status" data-testid="onramp-waiting" aria-live="polite">
        <Spinner size={28} />
        <p className="wf-connecting-title">
          {t('onramp.completeIn', { provider: provider?.name ?? t('onramp.provider') })}
        </p>
        <p className="wf-muted">{t('onramp.waiting', { symbol: purchase.symbol, balance: balanceText })}</p>
      </div>
    )
  if (snapshot.matches('landed'))
    return (
      <div className="wf-onramp wf-onramp-status" data-testid="onramp-landed" aria-live="polite">
        <span className="wf-onramp-done">
          <Icon name="check" size={28} />
        </span>
        <p className="wf-connecting-title">{t('onramp.purchaseReceived')}</p>
        <p className="wf-onramp-received" data-testid="onramp-received">
          +{decimal(floorUnits(context.received ?? 0n, currency?.decimals ?? 18, 6))} {purchase.symbol}
        </p>
        <p className="wf-muted" data-testid="onramp-balance">
          {t('onramp.balance', { balance: balanceText })}
        </p>
        <button type="button" className="wf-button" onClick={() => actor.send({ type: 'AGAIN' })}>
          {t('onramp.buyMore')}
        </button>
      </div>
    )

  const limit = cardLimit(context)
  const problem = context.amount === '' ? undefined : amountProblem(context)
  const quoting = snapshot.matches({ ready: 'debouncing' }) || snapshot.matches({ ready: 'quoting' })
  const quoted = snapshot.matches({ ready: 'quoted' })
  const buy = () => actor.send({ type: 'BUY', checkout: openCheckoutWindow(window) })

  return (
    <div className="wf-onramp" data-testid="onramp-view">
      <div className="wf-onramp-provider" data-testid="onramp-provider">
        <span className="wf-onramp-provider-name">{provider?.name ?? t('onramp.cardPayment')}</span>
        {provider?.sandbox ? <span className="wf-tag">{t('onramp.sandbox')}</span> : null}
        <span className="wf-muted wf-onramp-fees">
          {t('onramp.feeRange', {
            min: decimal(String(provider?.feeRange.minPercent ?? 1)),
            max: `${decimal(String(provider?.feeRange.maxPercent ?? 2))}%`,
          })}
        </span>
      </div>
      <p className="wf-muted wf-onramp-target">
        <span>
          {t('onramp.target', { token: purchase.name, network: context.network?.display_name ?? '' })}
        </span>
        <span data-testid="onramp-current-balance">{balanceText}</span>
      </p>
      <fieldset className="wf-onramp-currencies">
        <legend className="wf-sr-only">{t('onramp.payWith')}</legend>
        {context.options?.paymentCurrencies.map((entry) => (
          <button
            key={entry.id}
            type="button"
            className="wf-onramp-currency"
            aria-pressed={entry.id === context.paymentCurrency}
            onClick={() => actor.send({ type: 'CURRENCY', currency: entry.id })}
          >
            {entry.id}
          </button>
        ))}
      </fieldset>
      <label className="wf-onramp-amount">
        <span className="wf-onramp-label">{t('send.amount')}</span>
        <span className="wf-onramp-input">
          <input
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.00"
            value={context.amount}
            aria-invalid={problem !== undefined}
            aria-describedby="wf-onramp-hint"
            data-testid="onramp-amount"
            onChange={(event) => actor.send({ type: 'AMOUNT', amount: event.target.value })}
          />
          <span className="wf-muted">{context.paymentCurrency}</span>
        </span>
      </label>
      <p
        id="wf-onramp-hint"
        className={problem ? 'wf-onramp-hint wf-onramp-error' : 'wf-onramp-hint wf-muted'}
        data-testid="onramp-hint"
      >
        {problem
          ? text(problem)
          : limit
            ? t('onramp.limits', {
                min: decimal(limit.min),
                max: decimal(limit.max),
                currency: context.paymentCurrency,
              })
            : t('onramp.currencyNotOffered', { currency: context.paymentCurrency })}
      </p>
      <QuoteSummary quote={quoted ? context.quote : undefined} loading={quoting} />
      {context.message ? (
        <p className="wf-onramp-hint wf-onramp-error" role="alert" data-testid="onramp-message">
          {text(context.message)}
        </p>
      ) : null}
      <button
        type="button"
        className="wf-button wf-button-accent"
        disabled={!quoted}
        onClick={buy}
        data-testid="onramp-buy"
      >
        {t('onramp.buy', { symbol: purchase.symbol })}
      </button>
    </div>
  )
}

function Loading(): ReactElement {
  return (
    <div className="wf-onramp wf-onramp-status" aria-busy="true">
      <Spinner size={24} />
    </div>
  )
}

function Notice({ text }: { text: string }): ReactElement {
  return (
    <div className="wf-onramp" data-testid="onramp-unavailable">
      <div className="wf-onramp-notice" role="status">
        <Icon name="warning" size={16} />
        <p>{text}</p>
      </div>
    </div>
  )
}
