import {
  API_ERRORS,
  NATIVE_TOKEN_ADDRESS,
  SWAP_SLIPPAGE_PERCENT,
  type SwapToken,
  type TokenBalance,
} from '@walletframe/protocol'
import { type ReactElement, useCallback, useEffect, useMemo, useState } from 'react'
import { Icon, Spinner } from '../../ui/icons.tsx'
import { useSession, useSessionState } from '../core/index.ts'
import type { SwapServices } from './services.ts'
import { needsApproval, type SwapForm as SwapFlowForm } from './swap.machine.ts'
import { editableAmount, formatSwapAmount, minimumReceived, parseAmount } from './swap-math.ts'
import { createSwapActor, useSwapFlow } from './use-swap.ts'
import './swap.css'
import { useI18n } from '../../ui/i18n/use-i18n.tsx'

type TokensState =
  | { state: 'loading' }
  | { state: 'loaded'; tokens: SwapToken[] }
  | { state: 'error'; message: string }

const isNative = (address: string | undefined) => address?.endsWith(`:${NATIVE_TOKEN_ADDRESS}`) ?? false

/** The held amount of `token` in base units, from the account's balances (spec §3 Token balance). */
function heldAmount(token: SwapToken | undefined, balances: TokenBalance[], native: bigint | undefined) {
  if (!token) return undefined
  if (isNative(token.address) && native !== undefined) return native
  const entry = balances.find((balance) => balance.address.toLowerCase() === token.address.toLowerCase())
  return entry ? (parseAmount(entry.quantity.numeric, token.decimals) ?? 0n) : 0n
}

type FormPatch = Partial<Pick<SwapFlowForm, 'from' | 'to' | 'text'>>

/** The form with some fields changed; the amount is read again against the token sold. */
function changed(form: SwapFlowForm, patch: FormPatch, tokens: readonly SwapToken[]): SwapFlowForm {
  const next = { ...form, ...patch }
  const decimals = tokens.find((token) => token.address === next.from)?.decimals
  const amount = decimals === undefined ? undefined : parseAmount(next.text, decimals)
  return { ...next, amount, fromNative: isNative(next.from) }
}

export function SwapView(): ReactElement {
  const session = useSession()
  const services = useMemo(() => session.swapServices(), [session])
  const chainId = useSessionState((s) => s.account.chainId)
  const { text } = useI18n()
  if (!services || chainId === undefined)
    return (
      <div className="wf-empty" data-testid="swap-unavailable">
        <p className="wf-empty-title">{text(API_ERRORS.swapsUnsupportedNetwork.message)}</p>
      </div>
    )
  return <SwapForm services={services} chainId={chainId} key={chainId} />
}

function SwapForm({ services, chainId }: { services: SwapServices; chainId: number }): ReactElement {
  const session = useSession()
  const [list, setList] = useState<TokensState>({ state: 'loading' })
  const balances = useSessionState((s) => s.accountData.tokens.balances)
  const native = useSessionState((s) => s.balance.value)
  const dataKey = useSessionState((s) => s.accountData.key)
  const actor = useMemo(() => services.flow(createSwapActor), [services])
  const { snapshot, send } = useSwapFlow(actor)
  const { form, quote, error } = snapshot.context
  const i18n = useI18n()
  const { t, text } = i18n

  const tokens = list.state === 'loaded' ? list.tokens : []
  const from = tokens.find((token) => token.address === form.from)
  const to = tokens.find((token) => token.address === form.to)
  const change = useCallback(
    (patch: FormPatch) => send({ type: 'CHANGE', form: changed(form, patch, tokens) }),
    [form, send, tokens],
  )

  useEffect(() => {
    services.api.swapTokens(chainId).then(
      (loaded) => {
        setList({ state: 'loaded', tokens: loaded })
        // A form of another chain (or none yet): the native currency for the first token.
        const known = (address: string | undefined) => loaded.some((token) => token.address === address)
        const current = actor.getSnapshot().context.form
        if (!known(current.from) || !known(current.to)) {
          const defaults = { from: loaded[0]?.address, to: loaded[1]?.address, text: '' }
          send({ type: 'CHANGE', form: changed(current, defaults, loaded) })
        }
      },
      (failure: Error) => setList({ state: 'error', message: failure.message }),
    )
  }, [services, chainId, actor, send])
  useEffect(() => {
    services.refreshNative()
  }, [services])
  useEffect(() => {
    // Cached for 30 s (spec §9); a swap then reads them fresh with forceUpdate.
    if (dataKey) void session.accountData()?.loadTokens()
  }, [session, dataKey])

  const amount = form.amount
  const held = heldAmount(from, balances, native)
  const nativeToken = tokens.find((token) => isNative(token.address))

  if (list.state === 'error')
    return (
      <div className="wf-empty" data-testid="swap-unsupported">
        <Icon name="warning" size={28} />
        <p className="wf-empty-title">{text(list.message)}</p>
        <p className="wf-empty-text">{t('swap.switchNetwork')}</p>
      </div>
    )
  if (list.state === 'loading')
    return (
      <div className="wf-center wf-swap-loading">
        <Spinner size={20} />
      </div>
    )

  const busy = snapshot.matches('approving') || snapshot.matches('swapping')
  const short = held !== undefined && amount !== undefined && amount > held
  const flip = () => change({ from: form.to, to: form.from, text: '' })
  const picker = (
    label: string,
    value: string | undefined,
    onPick: (address: string) => void,
    testId: string,
  ) => (
    <select
      className="wf-swap-token"
      aria-label={label}
      value={value}
      disabled={busy}
      data-testid={testId}
      onChange={(event) => onPick(event.currentTarget.value)}
    >
      {tokens.map((token) => (
        <option key={token.address} value={token.address}>
          {token.symbol}
        </option>
      ))}
    </select>
  )

  let action: { label: string; event?: 'APPROVE' | 'SWAP' }
  const symbol = from?.symbol ?? ''
  if (amount === undefined || amount === 0n) action = { label: t('swap.enterAmount') }
  else if (form.from === form.to) action = { label: t('swap.pickTwo') }
  else if (short) action = { label: t('swap.insufficient', { symbol }) }
  else if (snapshot.matches('approving')) action = { label: t('swap.approving') }
  else if (snapshot.matches('swapping')) action = { label: t('swap.swapping') }
  else if (!snapshot.matches('ready')) action = { label: error ? t('swap.noQuote') : t('swap.quoting') }
  else if (needsApproval(snapshot.context))
    action = { label: t('swap.approve', { symbol }), event: 'APPROVE' }
  else action = { label: t('swap.swap'), event: 'SWAP' }

  return (
    <div className="wf-swap" data-testid="swap-view">
      <section className="wf-swap-box">
        <div className="wf-swap-head">
          <span>{t('swap.youPay')}</span>
          {held !== undefined && from ? (
            <span data-testid="swap-balance">
              {t('swap.balance', { amount: formatSwapAmount(held, from.decimals, i18n) })}
              <button
                type="button"
                className="wf-swap-max"
                disabled={busy}
                onClick={() => change({ text: editableAmount(held, from.decimals) })}
              >
                {t('common.max')}
              </button>
            </span>
          ) : null}
        </div>
        <div className="wf-swap-row">
          <input
            className="wf-swap-amount"
            inputMode="decimal"
            placeholder="0"
            aria-label={t('swap.amountToPay')}
            aria-invalid={form.text !== '' && amount === undefined}
            value={form.text}
            disabled={busy}
            data-testid="swap-amount"
            onInput={(event) => change({ text: event.currentTarget.value })}
          />
          {picker(t('swap.tokenToPay'), form.from, (address) => change({ from: address }), 'swap-from')}
        </div>
      </section>
      <button
        type="button"
        className="wf-swap-flip"
        aria-label={t('swap.switchTokens')}
        disabled={busy}
        onClick={flip}
      >
        <Icon name="swap" size={16} />
      </button>
      <section className="wf-swap-box">
        <div className="wf-swap-head">
          <span>{t('common.youReceive')}</span>
        </div>
        <div className="wf-swap-row">
          <output
            className="wf-swap-amount wf-swap-out"
            data-testid="swap-receive"
            aria-busy={snapshot.matches('quoting')}
          >
            {quote && to ? formatSwapAmount(BigInt(quote.quote.toAmount), to.decimals, i18n) : i18n.number(0)}
          </output>
          {picker(t('swap.tokenToReceive'), form.to, (address) => change({ to: address }), 'swap-to')}
        </div>
      </section>
      {quote && to ? (
        <dl className="wf-swap-details" data-testid="swap-details">
          <dt>{t('swap.priceImpact')}</dt>
          <dd data-testid="swap-price-impact">
            {i18n.number(quote.quote.priceImpact / 100, {
              style: 'percent',
              minimumFractionDigits: 2,
              maximumFractionDigits: 2,
            })}
          </dd>
          <dt>
            {t('swap.minimum', {
              percent: i18n.number(SWAP_SLIPPAGE_PERCENT / 100, {
                style: 'percent',
                maximumFractionDigits: 2,
              }),
            })}
          </dt>
          <dd data-testid="swap-minimum">
            {formatSwapAmount(minimumReceived(BigInt(quote.quote.toAmount)), to.decimals, i18n)} {to.symbol}
          </dd>
          <dt>{t('common.networkFee')}</dt>
          <dd>
            {formatSwapAmount(BigInt(quote.quote.gasFee), nativeToken?.decimals ?? 18, i18n)}{' '}
            {nativeToken?.symbol}
          </dd>
        </dl>
      ) : null}
      {error ? (
        <p className="wf-swap-error" role="alert" data-testid="swap-error">
          {text(error)}
        </p>
      ) : null}
      <button
        type="button"
        className="wf-button wf-button-accent wf-swap-action"
        disabled={action.event === undefined || busy}
        aria-busy={busy}
        data-testid="swap-action"
        onClick={() => action.event && send({ type: action.event })}
      >
        {busy ? <Spinner size={14} /> : null}
        {action.label}
      </button>
    </div>
  )
}
