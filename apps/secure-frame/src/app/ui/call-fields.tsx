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

/**
 * One call: the ERC-20 call it encodes, where it goes, what it sends, its data. `compact` (a batch's
 * entry): a decoded token call stands for its target and data, and no ETH sent goes unsaid only
 * when it is zero; an undecoded call always shows them.
 */
export function CallFields({ tx, compact = false }: { tx: TransactionDescription; compact?: boolean }) {
  const call = tx.tokenCall
  const decoded = compact && call !== undefined
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
      {!decoded && (
        <Field label="To">
          <span class="mono">{tx.to ?? 'New contract'}</span>
        </Field>
      )}
      {!(decoded && tx.value.raw === 0n) && (
        <Field label="Value">
          <span class="amount">{tx.value.formatted}</span>
        </Field>
      )}
      {!decoded && tx.data && tx.data !== '0x' && (
        <Field label="Data">
          <div class="mono data">{tx.data}</div>
        </Field>
      )}
    </>
  )
}
