/** What will be signed, as describe-request made it: a message, typed data, or a transaction. */

import type { RequestDescription } from '../../approval/describe-request.ts'
import type { TransactionDescription } from '../../approval/describe-transaction.ts'
import type { TypedDataNode } from '../../approval/describe-typed-data.ts'

function Field({ label, children }: { label: string; children: preact.ComponentChildren }) {
  return (
    <div class="field">
      <div class="field-label">{label}</div>
      <div class="field-value">{children}</div>
    </div>
  )
}

function TypedTree({ nodes }: { nodes: TypedDataNode[] }) {
  return (
    <ul class="tree">
      {nodes.map((node) => (
        <li key={node.key}>
          <span class="tree-key">{node.key}</span> <span class="tree-type">{node.type}</span>
          {'children' in node ? <TypedTree nodes={node.children} /> : <div class="mono">{node.value}</div>}
        </li>
      ))}
    </ul>
  )
}

function TransactionDetails({ tx }: { tx: TransactionDescription }) {
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
      <Field label="Network fee (max)">{tx.maxFee ? tx.maxFee.formatted : 'Not known yet'}</Field>
      {tx.data && tx.data !== '0x' && (
        <Field label="Data">
          <div class="mono data">{tx.data}</div>
        </Field>
      )}
    </>
  )
}

export function RequestDetails({ description }: { description: RequestDescription }) {
  switch (description.kind) {
    case 'message':
      return (
        <Field label={description.encoding === 'hex' ? 'Message (bytes)' : 'Message'}>
          <pre class="message">{description.content}</pre>
        </Field>
      )
    case 'typedData':
      return (
        <>
          <Field label="Domain">
            <TypedTree nodes={description.domain} />
          </Field>
          <Field label={description.primaryType}>
            <TypedTree nodes={description.message} />
          </Field>
        </>
      )
    case 'transaction':
      return <TransactionDetails tx={description} />
  }
}

export function requestTitle(description: RequestDescription): string {
  if (description.kind === 'message') return 'Sign message'
  if (description.kind === 'typedData') return 'Sign typed data'
  return description.tokenCall?.name === 'approve' ? 'Approve token spending' : 'Send transaction'
}
