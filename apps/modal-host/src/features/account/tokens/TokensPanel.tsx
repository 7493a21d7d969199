import { UI_MESSAGES } from '@walletframe/protocol'
import { type ReactElement, useEffect } from 'react'
import { Icon, Spinner } from '../../../ui/icons.tsx'
import { useSession, useSessionState } from '../../core/index.ts'
import { TokenIcon } from './TokenIcon.tsx'
import { formatTokenQuantity, formatUsdTotal, listedTokens } from './token-amounts.ts'
import '../account.css'

const usd = (value: number) =>
  `$${(Math.floor(value * 100) / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`

export function TokensPanel(): ReactElement {
  const session = useSession()
  const tokens = useSessionState((s) => s.accountData.tokens)
  const key = useSessionState((s) => s.accountData.key)
  useEffect(() => {
    if (key) void session.accountData()?.loadTokens()
  }, [session, key])

  if (tokens.state === 'error' || tokens.state === 'unsupported')
    return (
      <div className="wf-empty" data-testid="tokens-unavailable">
        <Icon name="wallet" size={28} />
        <p className="wf-empty-title">{UI_MESSAGES.tokenBalanceUnavailable}</p>
        <p className="wf-empty-text">
          {tokens.state === 'error'
            ? 'Try again in a moment.'
            : 'Balances are not available on this network.'}
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
        {formatUsdTotal(tokens.balances)}
      </p>
      {listed.length === 0 ? (
        <div className="wf-empty">
          <p className="wf-empty-title">No tokens yet</p>
        </div>
      ) : (
        <ul className="wf-list wf-token-list" aria-label="Tokens">
          {listed.map((token) => (
            <li key={token.address} className="wf-token-row" data-testid={`token-${token.symbol}`}>
              <TokenIcon
                src={token.iconUrl || session.dataApi()?.tokenImageUrl(token.symbol)}
                symbol={token.symbol}
              />
              <span className="wf-token-name">
                <span>{token.name}</span>
                <span className="wf-token-sub" data-testid="token-quantity">
                  {formatTokenQuantity(token)} {token.symbol}
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
