import type { ReactElement } from 'react'
import { truncateAddress } from '../../ui/format/address.ts'
import { useI18n } from '../../ui/i18n/use-i18n.tsx'
import { Icon, Spinner } from '../../ui/icons.tsx'
import { useSession, useSessionState } from '../core/index.ts'
import type { CallsStatus } from './state.ts'
import './calls.css'

const TITLE = {
  loading: 'calls.loading',
  pending: 'calls.pending',
  confirmed: 'calls.confirmed',
  failed: 'calls.failed',
  error: 'calls.unavailable',
} as const satisfies Record<CallsStatus['state'], string>

/**
 * `wallet_showCallsStatus` (EIP-5792) for the embedded wallet: a bundle of calls, pending,
 * confirmed or failed, with a link to each of its transactions.
 */
export function CallsStatusView(): ReactElement | null {
  const session = useSession()
  const status = useSessionState((s) => s.callsStatus)
  const network = useSessionState((s) => session.findNetwork(s.callsStatus?.chainId ?? s.account.chainId))
  const { t } = useI18n()
  if (!status) return null
  const explorer = network?.blockExplorers?.default.url.replace(/\/$/, '')
  const busy = status.state === 'loading' || status.state === 'pending'
  return (
    <div className={`wf-calls wf-calls-${status.state}`} data-testid="calls-status" aria-live="polite">
      <span className="wf-calls-icon">
        {busy ? (
          <Spinner size={28} />
        ) : (
          <Icon name={status.state === 'confirmed' ? 'check' : 'warning'} size={28} />
        )}
      </span>
      <h3 className="wf-calls-title" data-testid="calls-status-state">
        {t(TITLE[status.state])}
      </h3>
      <p className="wf-muted wf-calls-id" title={status.id}>
        {t('calls.bundle', { id: truncateAddress(status.id) })}
      </p>
      {status.error ? <p className="wf-calls-error">{status.error}</p> : null}
      {status.transactions.length > 0 ? (
        <ul className="wf-calls-transactions">
          {status.transactions.map((hash) => (
            <li key={hash}>
              {explorer ? (
                <a
                  className="wf-calls-link"
                  href={`${explorer}/tx/${hash}`}
                  target="_blank"
                  rel="noreferrer noopener"
                >
                  {t('calls.transaction', { hash: truncateAddress(hash) })} <Icon name="external" size={12} />
                </a>
              ) : (
                <span title={hash}>{t('calls.transaction', { hash: truncateAddress(hash) })}</span>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
