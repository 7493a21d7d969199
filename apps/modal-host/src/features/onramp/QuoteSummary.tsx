import type { OnRampQuote } from '@walletframe/protocol'
import type { ReactElement } from 'react'
import { Spinner } from '../../ui/icons.tsx'
import './onramp.css'

/** The quote: what arrives, the fees and the total; the API's own estimate is marked as such. */
export function QuoteSummary({
  quote,
  loading,
}: {
  quote: OnRampQuote | undefined
  loading: boolean
}): ReactElement {
  if (!quote)
    return (
      <div className="wf-onramp-quote wf-onramp-quote-empty" aria-busy={loading}>
        {loading ? <Spinner size={16} /> : <span className="wf-muted">Enter an amount to see a quote</span>}
      </div>
    )
  const fees = quote.fees.reduce((sum, fee) => sum + Number(fee.value), 0)
  return (
    <dl className="wf-onramp-quote" data-testid="onramp-quote" aria-busy={loading}>
      <div>
        <dt>You receive</dt>
        <dd className="wf-onramp-receive" data-testid="onramp-receive">
          {quote.estimated ? '≈ ' : ''}
          {quote.purchaseAmount.value} {quote.purchaseAmount.currency}
          {quote.estimated ? (
            <span
              className="wf-tag wf-tag-accent"
              data-testid="onramp-estimated"
              title="The provider did not quote; this is an estimate"
            >
              Estimated
            </span>
          ) : null}
        </dd>
      </div>
      <div>
        <dt>Fees</dt>
        <dd>
          {fees.toFixed(2)} {quote.paymentTotal.currency}
        </dd>
      </div>
      <div>
        <dt>Total</dt>
        <dd data-testid="onramp-total">
          {quote.paymentTotal.value} {quote.paymentTotal.currency}
        </dd>
      </div>
    </dl>
  )
}
