import { LIMITS, type Transaction } from '@walletframe/protocol'
import type { ReactElement } from 'react'
import { formatRelativeTime } from '../../../ui/format/relative-time.ts'
import { Spinner } from '../../../ui/icons.tsx'
import { TokenIcon } from '../tokens/TokenIcon.tsx'
import { floorDecimalString } from '../tokens/token-amounts.ts'
import { groupTransactions } from './transaction-groups.ts'
import { awaitingFirstPage, useActivity } from './use-activity.ts'
import '../account.css'
import type { Translator } from '../../../ui/i18n/translator.ts'
import { useI18n } from '../../../ui/i18n/use-i18n.tsx'

function describe(
  transaction: Transaction,
  i18n: Translator,
): {
  title: string
  amount: string
  icon?: string
  symbol: string
} {
  const first = transaction.transfers[0]
  const title = i18n.t(`activity.${transaction.metadata.operationType}`)
  if (!first) return { title, amount: '', symbol: '?' }
  const sign = first.direction === 'in' ? '+' : first.direction === 'out' ? '-' : ''
  if (first.nft_info) {
    const icon = first.nft_info.content?.preview?.url
    return {
      title,
      amount: `${sign}${nftLabel(first.nft_info.name, first.nft_info.token_id)}`,
      symbol: first.nft_info.name,
      ...(icon ? { icon } : {}),
    }
  }
  const symbol = first.fungible_info?.symbol ?? ''
  const icon = first.fungible_info?.icon?.url
  return {
    title,
    amount:
      `${sign}${floorDecimalString(first.quantity.numeric, LIMITS.transactionAmountDecimals, i18n)} ${symbol}`.trim(),
    symbol: symbol || '?',
    ...(icon ? { icon } : {}),
  }
}

export function ActivityPanel(): ReactElement {
  const { activity, chain, sentinel } = useActivity()
  const years = groupTransactions(activity.transactions, chain)
  const i18n = useI18n()
  const { t } = i18n
  if (awaitingFirstPage(activity.state, years.length))
    return (
      <div className="wf-center wf-panel-loading">
        <Spinner size={20} />
      </div>
    )
  if (years.length === 0)
    return (
      <div className="wf-empty" data-testid="activity-empty">
        <p className="wf-empty-title">{t('account.noActivity')}</p>
        <p className="wf-empty-text">{t('account.activityHere')}</p>
      </div>
    )
  const now = Date.now()
  const thisYear = new Date(now).getUTCFullYear()
  return (
    <div className="wf-activity">
      {years.flatMap((year) =>
        year.months.map((month) => (
          <section key={month.key} aria-label={i18n.month(year.year, month.month, true)}>
            <h3 className="wf-activity-month">
              {i18n.month(year.year, month.month, year.year !== thisYear)}
            </h3>
            <ul className="wf-list">
              {month.transactions.map((transaction) => {
                const { title, amount, icon, symbol } = describe(transaction, i18n)
                const date = new Date(transaction.metadata.minedAt)
                return (
                  <li key={transaction.id} className="wf-token-row" data-testid="activity-item">
                    <TokenIcon {...(icon ? { src: icon } : {})} symbol={symbol} />
                    <span className="wf-token-name">
                      <span>{title}</span>
                      <span className="wf-token-sub">{amount}</span>
                    </span>
                    {/* Spec §9 relative-time thresholds, in the user's locale; the date on hover. */}
                    <time
                      className="wf-token-sub"
                      dateTime={transaction.metadata.minedAt}
                      title={i18n.dateTime(date)}
                      data-testid="activity-time"
                    >
                      {formatRelativeTime(date.getTime(), now, i18n.locale)}
                    </time>
                  </li>
                )
              })}
            </ul>
          </section>
        )),
      )}
      {activity.state === 'loading' ? (
        <div className="wf-center">
          <Spinner size={16} />
        </div>
      ) : null}
      <div ref={sentinel} className="wf-sentinel" />
    </div>
  )
}

/** `Devnet Punks #3`: the token id once, whether or not the collection already put it in the name. */
function nftLabel(name: string, tokenId: string): string {
  return name.endsWith(`#${tokenId}`) ? name : `${name} #${tokenId}`
}
