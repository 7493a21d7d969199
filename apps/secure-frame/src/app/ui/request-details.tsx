/** What will be signed, as describe-request made it: a message, typed data, a transaction, or a Solana request. */

import type { RequestDescription } from '../../approval/describe-request.ts'
import type { TransactionDescription } from '../../approval/describe-transaction.ts'
import type { TypedDataNode } from '../../approval/describe-typed-data.ts'
import { CallFields, Field } from './call-fields.tsx'
import { CallsDetails } from './calls-details.tsx'
import { SolanaDetails, solanaTitle } from './solana-details.tsx'

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
  return (
    <>
      <CallFields tx={tx} />
      <Field label="Network fee (max)">{tx.maxFee ? tx.maxFee.formatted : 'Not known yet'}</Field>
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
    case 'calls':
      return <CallsDetails batch={description} />
    case 'solanaMessage':
    case 'solanaTransactions':
      return <SolanaDetails description={description} />
  }
}

export function requestTitle(description: RequestDescription): string {
  if (description.kind === 'solanaMessage' || description.kind === 'solanaTransactions')
    return solanaTitle(description)
  if (description.kind === 'message') return 'Sign message'
  if (description.kind === 'typedData') return 'Sign typed data'
  if (description.kind === 'calls')
    return description.calls.length === 1
      ? transactionTitle(description.calls[0]!)
      : `Approve ${description.calls.length} calls`
  return transactionTitle(description)
}

const transactionTitle = (tx: TransactionDescription) =>
  tx.tokenCall?.name === 'approve' ? 'Approve token spending' : 'Send transaction'
