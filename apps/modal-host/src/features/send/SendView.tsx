import { type TokenBalance, UI_MESSAGES } from '@walletframe/protocol'
import { type ReactElement, useEffect, useId, useState } from 'react'
import { truncateAddress } from '../../ui/format/address.ts'
import { Icon, Spinner } from '../../ui/icons.tsx'
import { formatTokenQuantity, listedTokens, TokenIcon } from '../account/index.ts'
import { useSessionState } from '../core/index.ts'
import { AmountBox, BalanceWithMax, ReceiverBox } from './send-fields.tsx'
import { type SendContext, summaryOf } from './send-summary.ts'
import { useSend } from './use-send.ts'
import './send.css'
import { useI18n } from '../../ui/i18n/use-i18n.tsx'

function TokenPicker(props: {
  tokens: readonly TokenBalance[]
  selected: TokenBalance | undefined
  pick(token: TokenBalance): void
}): ReactElement {
  const [open, setOpen] = useState(false)
  const i18n = useI18n()
  const { t } = i18n
  const listId = useId()
  const { selected } = props
  return (
    <div className="wf-send-token">
      <button
        type="button"
        className="wf-send-token-button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
        data-testid="send-token"
      >
        {selected ? <TokenIcon src={selected.iconUrl} symbol={selected.symbol} size={24} /> : null}
        <span>{selected?.symbol ?? t('send.selectToken')}</span>
        <Icon name="chevron" size={12} />
      </button>
      {open ? (
        <ul id={listId} className="wf-list wf-send-token-list" aria-label={t('common.tokens')}>
          {props.tokens.map((token) => (
            <li key={token.address}>
              <button
                type="button"
                className="wf-send-token-option"
                data-testid={`send-token-${token.symbol}`}
                onClick={() => {
                  props.pick(token)
                  setOpen(false)
                }}
              >
                <TokenIcon src={token.iconUrl} symbol={token.symbol} size={24} />
                <span className="wf-send-grow">{token.name}</span>
                <span className="wf-muted">
                  {formatTokenQuantity(token, i18n)} {token.symbol}
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}

/** Under the receiver: the address a name resolved to, the name of an address, or why neither. */
function ReceiverHint({ context }: { context: SendContext }): ReactElement | null {
  const { receiver, receiverError } = context
  const { t } = useI18n()
  if (receiverError) return <span className="wf-send-error">{t(`send.missing.${receiverError}`)}</span>
  if (!receiver) return null
  // A typed address shows its reverse name; a typed name shows its address.
  if (receiver.name === undefined || receiver.name !== context.receiverText.trim())
    return receiver.name ? <span>{receiver.name}</span> : null
  return <span title={receiver.address}>{truncateAddress(receiver.address)}</span>
}

/** Spec §2 send layout (WalletSend): token, amount with Max, receiver, network fee, then Preview. */
export function SendView(): ReactElement {
  const { flow, snapshot, tokens } = useSend({ fresh: true })
  const dataAvailable = useSessionState((s) => s.dataAvailable)
  const i18n = useI18n()
  const { t, text, usd } = i18n
  // Shown again after the preview was left by the header's back button: the form is edited again.
  useEffect(() => flow?.send({ type: 'EDIT' }), [flow])
  // Without a data API there are no balances to send from (nor a gas price or names).
  if (tokens.state === 'error' || tokens.state === 'unsupported' || !dataAvailable)
    return (
      <div className="wf-empty" data-testid="send-unavailable">
        <p className="wf-empty-title">{text(UI_MESSAGES.tokenBalanceUnavailable)}</p>
      </div>
    )
  if (!flow || !snapshot || (tokens.state !== 'loaded' && tokens.balances.length === 0))
    return (
      <div className="wf-center wf-send-loading">
        <Spinner size={20} />
      </div>
    )
  const { context } = snapshot
  const summary = summaryOf(context)
  const token = context.token
  const resolving = !snapshot.matches({ receiver: 'idle' })
  const firstMissing = summary.missing[0]
  const blocker = firstMissing
    ? t(`send.missing.${firstMissing}`)
    : summary.lacksGas
      ? t('send.missing.insufficientGas')
      : undefined
  const amountUsd = token && Number(context.amount) > 0 ? Number(context.amount) * token.price : 0

  return (
    <form
      className="wf-send"
      onSubmit={(event) => {
        event.preventDefault()
        flow.send({ type: 'PREVIEW' })
      }}
    >
      <AmountBox
        amount={context.amount}
        onAmount={(amount) => flow.send({ type: 'AMOUNT', amount })}
        picker={
          <TokenPicker
            tokens={listedTokens(tokens.balances)}
            selected={token}
            pick={(picked) => flow.send({ type: 'TOKEN', token: picked })}
          />
        }
      >
        <div className="wf-send-row wf-muted">
          <span data-testid="send-amount-usd">{usd(amountUsd)}</span>
          {token ? <BalanceWithMax token={token} onMax={() => flow.send({ type: 'MAX' })} /> : null}
        </div>
      </AmountBox>
      <ReceiverBox
        value={context.receiverText}
        onChange={(text) => flow.send({ type: 'RECEIVER', text })}
        placeholder={t('send.receiverPlaceholder')}
        invalid={context.receiverError !== undefined}
      >
        <p className="wf-send-hint" data-testid="send-receiver-resolved" aria-live="polite">
          {resolving ? <Spinner size={12} /> : <ReceiverHint context={context} />}
        </p>
      </ReceiverBox>
      <p className="wf-send-fee" data-testid="send-fee">
        <span className="wf-muted">{t('common.networkFee')}</span>
        <span>
          {summary.feeUsd !== undefined ? (
            t('common.approx', { value: usd(summary.feeUsd) })
          ) : snapshot.matches({ gas: 'failed' }) ? (
            t('common.unavailable')
          ) : (
            <Spinner size={12} />
          )}
        </span>
      </p>
      {summary.lacksGas ? (
        <p className="wf-send-error" role="alert" data-testid="send-insufficient-gas">
          {t('send.missing.insufficientGas')}
        </p>
      ) : null}
      <button
        type="submit"
        className="wf-button wf-button-accent"
        disabled={blocker !== undefined}
        data-testid="send-preview"
      >
        {blocker ?? t('send.preview')}
      </button>
    </form>
  )
}
