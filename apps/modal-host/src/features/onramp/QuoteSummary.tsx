import type { OnRampQuote } from '@walletframe/protocol'
import type { ReactElement } from 'react'
import { Spinner } from '../../ui/icons.tsx'
import './onramp.css'
import { useI18n } from '../../ui/i18n/use-i18n.tsx'

/** The quote: what arrives, the fees and the total; the API's own estimate is marked as such. */
export function QuoteSummary({
  quote,
  loading,
}: {
  quote: OnRampQuote | undefined
  loading: boolean
}): ReactElement {
  const { t, decimal } = useI18n()
  if (!quote)
    return (
      <div className="wf-onramp-quote wf-onramp-quote-empty" aria-busy={loading}>
        {loading ? <Spinner size={16} /> : <span className="wf-muted">{t('onramp.quoteHint')}</span>}
      </div>
    )
  const fees = quote.fees.reduce((sum, fee) => sum + Number(fee.value), 0)
  return (
    <dl className="wf-onramp-quote" data-testid="onramp-quote" aria-busy={loading}>
      <div>
        <dt>{t('common.youReceive')}</dt>
        <dd className="wf-onramp-receive" data-testid="onramp-receive">
          {quote.estimated ? '≈ ' : ''}
          {decimal(quote.purchaseAmount.value)} {quote.purchaseAmount.currency}
          {quote.estimated ? (
            <span
              className="wf-tag wf-tag-accent"
              data-testid="onramp-estimated"
              title={t('onramp.estimate')}
            >
              {t('onramp.estimated')}
            </span>
          ) : null}
        </dd>
      </div>
      <div>
        <dt>{t('onramp.fees')}</dt>
        <dd>
          {decimal(fees.toFixed(2))} {quote.paymentTotal.currency}
        </dd>
      </div>
      <div>
        <dt>{t('onramp.total')}</dt>
        <dd data-testid="onramp-total">
          {decimal(quote.paymentTotal.value)} {quote.paymentTotal.currency}
        </dd>
      </div>
    </dl>
  )
}
