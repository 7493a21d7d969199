import { type KeyboardEvent, type ReactElement, useId, useState } from 'react'
import { useSessionState } from '../core/index.ts'
import { ActivityPanel } from './activity/ActivityPanel.tsx'
import { pendingBadgeLabel, pendingCount } from './activity/pending-badge.ts'
import { NftsPanel } from './nfts/NftsPanel.tsx'
import { TokensPanel } from './tokens/TokensPanel.tsx'
import './account.css'
import { useI18n } from '../../ui/i18n/use-i18n.tsx'

const TABS = [
  { id: 'tokens', label: 'account.tab.tokens', Panel: TokensPanel },
  { id: 'nfts', label: 'account.tab.nfts', Panel: NftsPanel },
  { id: 'activity', label: 'account.tab.activity', Panel: ActivityPanel },
] as const

/**
 * spec §2: the Account view's Tokens, NFTs and Activity tabs (shown with a data API only); spec §3
 * `features.history: false` takes the Activity tab away.
 */
export function AccountTabs(): ReactElement {
  const history = useSessionState((s) => s.init?.features.history !== false)
  const tabs = history ? TABS : TABS.filter((t) => t.id !== 'activity')
  const [current, setCurrent] = useState(0)
  const { t: translate, number } = useI18n()
  const pendingTotal = useSessionState((s) =>
    pendingCount(s.accountData.activity.transactions, `eip155:${s.account.chainId ?? 0}`),
  )
  const pending = pendingBadgeLabel(pendingTotal, number)
  const base = useId()
  const tab = tabs[current] ?? tabs[0]!
  const onKey = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return
    event.preventDefault()
    const next = (current + (event.key === 'ArrowRight' ? 1 : tabs.length - 1)) % tabs.length
    setCurrent(next)
    document.getElementById(`${base}-tab-${next}`)?.focus()
  }
  return (
    <div className="wf-tabs">
      <div className="wf-tab-list" role="tablist" aria-label={translate('account.tabs')} onKeyDown={onKey}>
        {tabs.map((t, index) => (
          <button
            key={t.id}
            id={`${base}-tab-${index}`}
            type="button"
            role="tab"
            aria-selected={index === current}
            aria-controls={`${base}-panel`}
            tabIndex={index === current ? 0 : -1}
            className="wf-tab"
            data-testid={`account-tab-${t.id}`}
            onClick={() => setCurrent(index)}
          >
            {translate(t.label)}
            {t.id === 'activity' && pending ? (
              <span className="wf-tab-badge" data-testid="activity-pending">
                {pending}
                <span className="wf-sr-only"> {translate('account.pending', { count: pendingTotal })}</span>
              </span>
            ) : null}
          </button>
        ))}
      </div>
      <div
        id={`${base}-panel`}
        role="tabpanel"
        aria-labelledby={`${base}-tab-${current}`}
        className="wf-tab-panel"
        data-testid={`account-panel-${tab.id}`}
      >
        <tab.Panel />
      </div>
    </div>
  )
}
