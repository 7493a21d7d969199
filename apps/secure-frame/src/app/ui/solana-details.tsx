/**
 * A Solana request in the approval (issue 15): the message, or each transaction decoded — fee
 * payer and fee, its instructions one by one, then other signers, a v0 message's lookup tables
 * (their accounts named by table and index: resolving them needs the chain), and the blockhash.
 */
import type {
  SolanaDescription,
  SolanaTransactionSummary,
  SolanaTransactionsDescription,
} from '../../approval/describe-solana.ts'
import { Field } from './call-fields.tsx'

function TransactionFields({ tx, account }: { tx: SolanaTransactionSummary; account: string | undefined }) {
  return (
    <>
      <Field label="Fee payer">
        {tx.feePayer === account ? 'This account' : <span class="mono">{tx.feePayer}</span>}
      </Field>
      <Field label="Network fee (estimated)">
        <span class="amount">{tx.estimatedFee}</span>
      </Field>
      <ol class="calls">
        {tx.instructions.map((instruction, index) => (
          // The instructions are a fixed list for this approval: their order is their identity.
          <li key={index} class="call">
            <div class="call-number">{instruction.programName ?? 'Program'}</div>
            <div class="mono">{instruction.summary}</div>
            {instruction.fields.map((field) => (
              <div key={field.label} class="instruction-field">
                <span class="muted">{field.label}</span> <span class="mono">{field.value}</span>
              </div>
            ))}
          </li>
        ))}
      </ol>
      {tx.otherSigners.length > 0 && (
        <Field label="Also signed by">
          {tx.otherSigners.map((signer) => (
            <div key={signer} class="mono">
              {signer}
            </div>
          ))}
        </Field>
      )}
      {tx.lookupTables.length > 0 && (
        <Field label="Address lookup tables (accounts not resolved)">
          {tx.lookupTables.map((lookup) => (
            <div key={lookup.table} class="mono">
              {lookup.table} · {lookup.writableIndexes.length} writable, {lookup.readonlyIndexes.length}{' '}
              read-only
            </div>
          ))}
        </Field>
      )}
      <Field label={`Recent blockhash · ${tx.version === 'v0' ? 'v0 message' : 'legacy message'}`}>
        <span class="mono muted">{tx.recentBlockhash}</span>
      </Field>
    </>
  )
}

function Transactions({ description }: { description: SolanaTransactionsDescription }) {
  const several = description.transactions.length > 1
  return (
    <>
      {description.transactions.map((tx, index) =>
        several ? (
          // A fixed list for this approval: its order is its identity.
          <section key={index} class="solana-transaction">
            <div class="call-number">Transaction {index + 1}</div>
            <TransactionFields tx={tx} account={description.address} />
          </section>
        ) : (
          <TransactionFields key={index} tx={tx} account={description.address} />
        ),
      )}
    </>
  )
}

export function SolanaDetails({ description }: { description: SolanaDescription }) {
  return (
    <>
      <Field label={description.network ? `Solana account · ${description.network}` : 'Solana account'}>
        <span class="mono">{description.address ?? 'Your Solana account (shown after unlocking)'}</span>
      </Field>
      {description.kind === 'solanaMessage' ? (
        <Field label={description.encoding === 'hex' ? 'Message (bytes)' : 'Message'}>
          <pre class="message">{description.content}</pre>
        </Field>
      ) : (
        <Transactions description={description} />
      )}
    </>
  )
}

export function solanaTitle(description: SolanaDescription): string {
  if (description.kind === 'solanaMessage') return 'Sign message'
  const count = description.transactions.length
  if (description.send) return 'Send transaction'
  return count === 1 ? 'Sign transaction' : `Sign ${count} transactions`
}
