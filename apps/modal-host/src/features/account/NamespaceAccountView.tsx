import { UI_MESSAGES } from '@walletframe/protocol'
import type { ReactElement } from 'react'
import { Avatar } from '../../ui/Avatar.tsx'
import { copyText } from '../../ui/clipboard.ts'
import { truncateAddress } from '../../ui/format/address.ts'
import { useI18n } from '../../ui/i18n/use-i18n.tsx'
import { Icon, Spinner } from '../../ui/icons.tsx'
import { ListItem } from '../../ui/ListItem.tsx'
import { NetworkIcon } from '../../ui/NetworkIcon.tsx'
import { useSession } from '../core/index.ts'
import {
  type BalancesState,
  nativeBalance,
  useActiveNamespace,
  useNamespaceBalances,
} from '../namespaces/index.ts'
import { TokenIcon } from './tokens/TokenIcon.tsx'
import { formatTokenQuantity, listedTokens } from './tokens/token-amounts.ts'
import './account.css'

/** The avatar's colours come from hex digits: a base58 or bech32 address gives its characters' codes. */
const hexSeed = (address: string) =>
  Array.from(address.slice(-8), (char) => char.charCodeAt(0).toString(16)).join('')

/** Spec §6: the Tokens list of a Solana or Bitcoin account; 'Balance unavailable' rather than 0. */
function NamespaceTokens({ balances }: { balances: BalancesState }): ReactElement {
  const session = useSession()
  const i18n = useI18n()
  const { t, text } = i18n
  if (balances.state === 'loading')
    return (
      <div className="wf-center">
        <Spinner size={20} />
      </div>
    )
  if (balances.state === 'unavailable')
    return (
      <div className="wf-empty" data-testid="tokens-unavailable">
        <p className="wf-empty-title">{text(UI_MESSAGES.tokenBalanceUnavailable)}</p>
        <p className="wf-empty-text">{t('account.noBalancesOnNetwork')}</p>
      </div>
    )
  const listed = listedTokens(balances.balances)
  if (listed.length === 0) return <p className="wf-empty-title wf-center">{t('account.noTokens')}</p>
  return (
    <ul className="wf-list wf-stack" aria-label={t('common.tokens')}>
      {listed.map((token) => (
        <li key={token.address} className="wf-account-token" data-testid={`token-${token.symbol}`}>
          <TokenIcon
            src={token.iconUrl || session.dataApi()?.tokenImageUrl(token.symbol)}
            symbol={token.symbol}
          />
          <span className="wf-account-grow">{token.name}</span>
          <span data-testid="token-quantity">
            {formatTokenQuantity(token, i18n)} {token.symbol}
          </span>
        </li>
      ))}
    </ul>
  )
}

/**
 * The Account view of a Solana or Bitcoin connection (issue 15; spec §6 features by namespace):
 * network, address (Bitcoin: payment and ordinals), balance and tokens from the data API, Send
 * (Solana) and Receive; Activity and names are eip155 only, and the view says so.
 */
export function NamespaceAccountView(): ReactElement | null {
  const session = useSession()
  const active = useActiveNamespace()
  const { balances } = useNamespaceBalances(active?.connection.address, active?.network)
  const { t } = useI18n()
  if (!active) return null
  const { namespace, connection, network } = active
  const address = connection.address!
  const native = balances.state === 'loaded' ? nativeBalance(balances.balances, network) : undefined
  const copy = (value: string) => void copyText(value, UI_MESSAGES.addressCopied, session.toast)
  const ordinals = connection.addresses?.find((entry) => entry.purpose === 'ordinals')
  return (
    <div className="wf-account" data-testid={`account-${namespace}`}>
      <button
        type="button"
        className="wf-network-pill"
        onClick={() => session.push('Networks')}
        data-testid="account-network"
      >
        <NetworkIcon network={network} size={20} />
        <span>{network.name}</span>
        <Icon name="chevron" size={12} />
      </button>
      <Avatar address={hexSeed(address)} size={72} />
      <div className="wf-account-address">
        <span data-testid="account-address" title={address}>
          {truncateAddress(address)}
        </span>
        <button
          type="button"
          className="wf-icon-button"
          onClick={() => copy(address)}
          aria-label={t('common.copyAddress')}
        >
          <Icon name="copy" size={14} />
        </button>
      </div>
      {ordinals ? (
        <p className="wf-muted wf-account-note" data-testid="account-ordinals" title={ordinals.address}>
          {t('account.ordinalsAddress')}: {truncateAddress(ordinals.address)}
        </p>
      ) : null}
      <p className="wf-account-balance" data-testid="account-balance">
        {native ? (
          <>
            {formatTokenQuantity(native)} <span className="wf-muted">{native.symbol}</span>
          </>
        ) : balances.state === 'loading' ? (
          <Spinner size={18} />
        ) : balances.state === 'loaded' ? (
          <>
            0 <span className="wf-muted">{network.nativeCurrency.symbol}</span>
          </>
        ) : (
          <span className="wf-muted">{t('account.balanceUnavailable')}</span>
        )}
      </p>
      <div className="wf-account-buttons">
        {namespace === 'solana' ? (
          <button
            type="button"
            className="wf-button"
            onClick={() => session.push('WalletSend')}
            data-testid="wallet-feature-send"
          >
            <Icon name="send" size={16} /> {t('features.send')}
          </button>
        ) : null}
        <button
          type="button"
          className="wf-button"
          onClick={() => session.push('WalletReceive')}
          data-testid="wallet-feature-receive"
        >
          <Icon name="receive" size={16} /> {t('features.receive')}
        </button>
      </div>
      <ListItem
        testId="disconnect"
        icon={
          <span className="wf-round-icon">
            <Icon name="power" size={14} />
          </span>
        }
        label={t('connect.disconnect')}
        trailing={<span />}
        onClick={() => void session.namespaces().then((n) => n.disconnectNamespace(namespace))}
      />
      <section className="wf-account-section" aria-label={t('account.tab.tokens')}>
        <h3 className="wf-account-heading">{t('account.tab.tokens')}</h3>
        <NamespaceTokens balances={balances} />
      </section>
      <section className="wf-account-section" aria-label={t('account.tab.activity')}>
        <h3 className="wf-account-heading">{t('account.tab.activity')}</h3>
        <p className="wf-muted wf-account-note" data-testid="activity-unavailable">
          {t('account.activityUnavailable')}
        </p>
      </section>
    </div>
  )
}
