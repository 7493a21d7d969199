/**
 * A batch as one approval (issue 14 point 5): each call numbered and decoded, then what the batch
 * as a whole does: who pays the gas, all-or-nothing execution, a first deployment (an EIP-7702
 * upgrade is shown above the details: eip7702-upgrade-notice.tsx).
 */
import type { CallsDescription } from '../../approval/describe-calls.ts'
import { CallFields, Field } from './call-fields.tsx'

export function CallsDetails({ batch }: { batch: CallsDescription }) {
  const several = batch.calls.length > 1
  return (
    <>
      <Field label={batch.accountType === 'smartAccount' ? 'From smart account' : 'From'}>
        <span class="mono">{batch.from}</span>
      </Field>
      <Field label="Network fee">
        {batch.sponsoredBy ? (
          <span>
            Sponsored by <span class="mono">{batch.sponsoredBy}</span>
          </span>
        ) : batch.accountType === 'smartAccount' ? (
          'Paid by the smart account'
        ) : (
          'Paid by your account'
        )}
      </Field>
      {several && (
        <Field label="Execution">
          {batch.calls.length === 2
            ? 'Both calls happen together, or neither does.'
            : `All ${batch.calls.length} calls happen together, or none of them does.`}
        </Field>
      )}
      {several ? (
        <ol class="calls">
          {batch.calls.map((call, index) => (
            // The calls are a fixed list for this approval: their order is their identity.
            <li key={index} class="call">
              <div class="call-number">Call {index + 1}</div>
              <CallFields tx={call} compact />
            </li>
          ))}
        </ol>
      ) : (
        <CallFields tx={batch.calls[0]!} />
      )}
      {batch.deploysAccount && <p class="notice">This first operation also deploys your smart account.</p>}
    </>
  )
}
