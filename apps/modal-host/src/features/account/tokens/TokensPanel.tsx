import { UI_MESSAGES } from '@walletframe/protocol'
import { type ReactElement, useEffect } from 'react'
import { Icon, Spinner } from '../../../ui/icons.tsx'
import { useSession, useSessionState } from '../../core/index.ts'
import { TokenIcon } from './TokenIcon.tsx'
import { formatTokenQuantity, formatUsdTotal, listedTokens } from './token-amounts.ts'
import '../account.css'
import { useI18n } from '../../../ui/i18n/use-i18n.tsx'

export function TokensPanel(): ReactElement {
  const session = useSession()
  const tokens = useSessionState((s) => s.accountData.tokens)
  const key = useSessionState((s) => s.accountData.key)
  const i18n = useI18n()
  const { t, text, usd } = i18n
  useEffect(() => {
    if (key) void session.accountData()?.loadTokens()
  }, [session, key])

  if (tokens.state === 'error' || tokens.state === 'unsupported')
    return (
      <div className="wf-empty" data-testid="tokens-unavailable">
        <Icon name="wallet" size={28} />
        <p className="wf-empty-title">{text(UI_MESSAGES.tokenBalanceUnavailable)}</p>
        <p className="wf-empty-text">
          {tokens.state === 'error' ? t('account.tryAgainLater') : t('account.noBalancesOnNetwork')}
        </p>
      </div>
    )
  if (tokens.state !== 'loaded')
    return (
      <div className="wf-center wf-panel-loading">
        <Spinner size={20} />
      </div>
    )
  const listed = listedTokens(tokens.balances)
  return (
    <div className="wf-stack">
      <p className="wf-token-total" data-testid="tokens-total">
        {formatUsdTotal(tokens.balances, i18n)}
      </p>
      {listed.length === 0 ? (
        <div className="wf-empty">
          <p className="wf-empty-title">{t('account.noTokens')}</p>
        </div>
      ) : (
        <ul className="wf-list wf-token-list" aria-label={t('common.tokens')}>
          {listed.map((token) => (
            <li key={token.address} className="wf-token-row" data-testid={`token-${token.symbol}`}>
              <TokenIcon
                src={token.iconUrl || session.dataApi()?.tokenImageUrl(token.symbol)}
                symbol={token.symbol}
              />
              <span className="wf-token-name">
                <span>{token.name}</span>
                <span className="wf-token-sub" data-testid="token-quantity">
                  {formatTokenQuantity(token, i18n)} {token.symbol}
                </span>
              </span>
              <span className="wf-token-value">{usd(token.value)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
