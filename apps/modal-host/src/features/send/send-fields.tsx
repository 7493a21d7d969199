/**
 * The fields both send forms share (spec §2 WalletSend): the amount box with its token beside it,
 * the balance with Max, and the receiver box. The EVM form and the Solana form differ in what they
 * check and send, not in how a person types an amount or an address.
 */
import type { TokenBalance } from '@walletframe/protocol'
import { type ReactElement, type ReactNode, useId } from 'react'
import { useI18n } from '../../ui/i18n/use-i18n.tsx'
import { formatTokenQuantity } from '../account/index.ts'
import './send.css'

/** A box of the form: its label, and the field it names (given the id that ties the two). */
function SendBox(props: { label: string; children(id: string): ReactNode }): ReactElement {
  const id = useId()
  return (
    <div className="wf-send-box">
      <label className="wf-send-label" htmlFor={id}>
        {props.label}
      </label>
      {props.children(id)}
    </div>
  )
}

/** The amount, the token `picker` beside it, and below them `children` (a line of figures). */
export function AmountBox(props: {
  amount: string
  onAmount(amount: string): void
  picker: ReactNode
  children: ReactNode
}): ReactElement {
  const { t } = useI18n()
  return (
    <SendBox label={t('send.amount')}>
      {(id) => (
        <>
          <div className="wf-send-row">
            <input
              id={id}
              className="wf-send-amount"
              inputMode="decimal"
              autoComplete="off"
              placeholder="0"
              value={props.amount}
              onChange={(event) => props.onAmount(event.target.value)}
              data-testid="send-amount"
            />
            {props.picker}
          </div>
          {props.children}
        </>
      )}
    </SendBox>
  )
}

/** What the account holds of `token`, and Max, which puts all of it in the amount. */
export function BalanceWithMax(props: { token: TokenBalance; onMax(): void; testId?: string }): ReactElement {
  const i18n = useI18n()
  return (
    <span data-testid={props.testId}>
      {formatTokenQuantity(props.token, i18n)} {props.token.symbol}{' '}
      <button type="button" className="wf-send-max" onClick={props.onMax}>
        {i18n.t('common.max')}
      </button>
    </span>
  )
}

/** The receiver's address (or name), and below it `children` (what is known of it). */
export function ReceiverBox(props: {
  value: string
  onChange(text: string): void
  placeholder?: string
  invalid?: boolean
  children?: ReactNode
}): ReactElement {
  const { t } = useI18n()
  return (
    <SendBox label={t('send.to')}>
      {(id) => (
        <>
          <input
            id={id}
            className="wf-send-receiver"
            autoComplete="off"
            spellCheck={false}
            placeholder={props.placeholder}
            value={props.value}
            onChange={(event) => props.onChange(event.target.value)}
            aria-invalid={props.invalid}
            data-testid="send-receiver"
          />
          {props.children}
        </>
      )}
    </SendBox>
  )
}
