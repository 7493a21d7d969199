import { type ReactElement, useEffect } from 'react'
import { truncateAddress } from '../../ui/format/address.ts'
import { useI18n } from '../../ui/i18n/use-i18n.tsx'
import { Icon } from '../../ui/icons.tsx'
import { useSession, useSessionState } from '../core/index.ts'
import './account.css'

/**
 * The Account view's EIP-7702 line (issue 14 point 4): the code the connected EOA delegates to,
 * and a clear warning when it is not the code the wallet trusts. Read each time the view shows an
 * account, as a transaction of any app may have changed it.
 */
export function DelegationRow(): ReactElement | null {
  const session = useSession()
  const accountKey = useSessionState(
    (s) => `${s.account.status}:${s.account.chainId}:${s.account.address}:${s.account.type}`,
  )
  const delegation = useSessionState((s) => s.delegation)
  const { t } = useI18n()
  useEffect(() => {
    if (accountKey) void session.loadDelegation()
  }, [session, accountKey])
  if (!delegation) return null
  const delegate = (
    // An address reads left to right inside a right-to-left sentence too.
    <bdi className="wf-delegation-address" title={delegation.delegate}>
      {truncateAddress(delegation.delegate)}
    </bdi>
  )
  if (delegation.trusted)
    return (
      <p className="wf-delegation wf-muted" data-testid="account-delegation">
        {t('account.delegation.to')} {delegate}
      </p>
    )
  return (
    <div className="wf-delegation-warning" role="alert" data-testid="account-delegation">
      <Icon name="warning" size={18} />
      <div>
        <p className="wf-delegation-title">
          {t('account.delegation.unknown')} {delegate}
        </p>
        <p>{t('account.delegation.warning')}</p>
      </div>
    </div>
  )
}
