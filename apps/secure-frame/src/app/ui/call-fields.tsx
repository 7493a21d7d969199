/** The fields of the approval's details, and one call's (a transaction's or a batch entry's). */
import type { TransactionDescription } from '../../approval/describe-transaction.ts'

export function Field({ label, children }: { label: string; children: preact.ComponentChildren }) {
  return (
    <div class="field">
      <div class="field-label">{label}</div>
      <div class="field-value">{children}</div>
    </div>
  )
}

/** One call: the ERC-20 call it encodes, where it goes, what it sends, its data. */
export function CallFields({ tx }: { tx: TransactionDescription }) {
  const call = tx.tokenCall
  return (
    <>
      {call?.name === 'transfer' && (
        <Field label="Token transfer">
          <div class="amount">{call.amount.formatted ?? `${call.amount.raw} (raw units)`}</div>
          <div class="mono">to {call.to}</div>
          <div class="mono muted">token {call.token}</div>
        </Field>
      )}
      {call?.name === 'approve' && (
        <Field label="Token approval">
          <div class="amount warn">
            {call.unlimited ? 'Unlimited' : (call.amount.formatted ?? `${call.amount.raw} (raw units)`)}
          </div>
          <div class="mono">spender {call.spender}</div>
          <div class="mono muted">token {call.token}</div>
        </Field>
      )}
      <Field label="To">
        <span class="mono">{tx.to ?? 'New contract'}</span>
      </Field>
      <Field label="Value">
        <span class="amount">{tx.value.formatted}</span>
      </Field>
      {tx.data && tx.data !== '0x' && (
        <Field label="Data">
          <div class="mono data">{tx.data}</div>
        </Field>
      )}
    </>
  )
}
