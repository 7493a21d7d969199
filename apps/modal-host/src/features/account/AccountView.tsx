import { LIMITS } from '@walletframe/protocol'
import { type ReactElement, useEffect } from 'react'
import { Avatar } from '../../ui/Avatar.tsx'
import { truncateAddress } from '../../ui/format/address.ts'
import { floorUnits } from '../../ui/format/amount.ts'
import { Icon, Spinner } from '../../ui/icons.tsx'
import { isInlineImage } from '../../ui/inline-image.ts'
import { NetworkIcon } from '../../ui/NetworkIcon.tsx'
import { DisconnectItem } from '../connect/index.ts'
import { useSession, useSessionState } from '../core/index.ts'
import { AccountEmail } from '../embedded/index.ts'
import { AccountTabs } from './AccountTabs.tsx'
import { AccountType } from './AccountType.tsx'
import { DelegationRow } from './DelegationRow.tsx'
import { NamespaceAccountView } from './NamespaceAccountView.tsx'
import { WalletFeatureButtons } from './WalletFeatureButtons.tsx'
import './account.css'
import { useI18n } from '../../ui/i18n/use-i18n.tsx'

/** Issue 15: a Solana or Bitcoin connection shown has its own Account view. */
export function AccountView(): ReactElement | null {
  return useSessionState((s) => s.namespaces.active !== 'eip155') ? (
    <NamespaceAccountView />
  ) : (
    <EvmAccountView />
  )
}

function EvmAccountView(): ReactElement {
  const session = useSession()
  const account = useSessionState((s) => s.account)
  const balance = useSessionState((s) => s.balance)
  const network = useSessionState((s) => session.findNetwork(s.account.chainId))
  const address = account.address ?? ''
  const currency = network?.nativeCurrency
  // spec §3 Settings `tokens`: the integrator's token on this network, else the native currency.
  const shown =
    balance.token ??
    (balance.value !== undefined && currency ? { ...currency, value: balance.value } : undefined)
  const dataAvailable = useSessionState((s) => s.dataAvailable)
  const identity = useSessionState((s) => s.accountData.identity)
  const dataKey = useSessionState((s) => s.accountData.key)
  useEffect(() => {
    if (dataKey) void session.accountData()?.loadIdentity()
  }, [session, dataKey])
  const { t, decimal } = useI18n()
  const avatar = isInlineImage(identity?.avatar ?? undefined) ? identity?.avatar : undefined

  return (
    <div className="wf-account">
      <button
        type="button"
        className="wf-network-pill"
        onClick={() => session.push('Networks')}
        data-testid="account-network"
      >
        {network ? <NetworkIcon network={network} size={20} /> : <Icon name="globe" size={16} />}
        <span>{network?.name ?? t('account.unknownNetwork')}</span>
        <Icon name="chevron" size={12} />
      </button>
      {avatar ? (
        <img className="wf-avatar" src={avatar} alt="" width={72} height={72} data-testid="account-avatar" />
      ) : (
        <Avatar address={address} size={72} />
      )}
      {identity?.name ? (
        <p className="wf-account-name" data-testid="account-name">
          {identity.name}
        </p>
      ) : identity ? (
        // Spec §2 RegisterAccountName, §6: names on eip155 accounts, served by the data API.
        <button
          type="button"
          className="wf-link wf-account-choose-name"
          onClick={() => session.push('RegisterAccountName')}
          data-testid="account-choose-name"
        >
          {t('account.chooseName')}
        </button>
      ) : null}
      <div className="wf-account-address">
        <span data-testid="account-address" title={address}>
          {truncateAddress(address)}
        </span>
        <button
          type="button"
          className="wf-icon-button"
          onClick={() => void session.copyAddress()}
          aria-label={t('common.copyAddress')}
        >
          <Icon name="copy" size={14} />
        </button>
      </div>
      <AccountType part="badge" />
      <AccountEmail part="email" />
      <p className="wf-account-balance" data-testid="account-balance" aria-busy={balance.state === 'loading'}>
        {shown ? (
          <>
            {decimal(floorUnits(shown.value, shown.decimals, LIMITS.balanceDisplayDecimals))}{' '}
            <span className="wf-muted">{shown.symbol}</span>
          </>
        ) : balance.state === 'error' ? (
          <span className="wf-muted">{t('account.balanceUnavailable')}</span>
        ) : (
          <Spinner size={18} />
        )}
      </p>
      {network?.blockExplorers ? (
        <a
          className="wf-link"
          href={`${network.blockExplorers.default.url.replace(/\/$/, '')}/address/${address}`}
          target="_blank"
          rel="noreferrer noopener"
        >
          {t('account.blockExplorer')} <Icon name="external" size={12} />
        </a>
      ) : null}
      <DelegationRow />
      <WalletFeatureButtons />
      <div className="wf-stack wf-account-actions">
        <AccountType part="switch" />
        <AccountEmail part="update" />
        <DisconnectItem />
      </div>
      {dataAvailable ? <AccountTabs /> : null}
    </div>
  )
}
