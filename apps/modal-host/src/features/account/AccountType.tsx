import type { ReactElement } from 'react'
import { useI18n } from '../../ui/i18n/use-i18n.tsx'
import { Icon } from '../../ui/icons.tsx'
import { ListItem } from '../../ui/ListItem.tsx'
import { useSession, useSessionState } from '../core/index.ts'
import { EMBEDDED_CONNECTOR_ID } from '../embedded/index.ts'
import './account.css'

/**
 * The Account view's lines for the embedded wallet's account type (spec §3 allAccounts,
 * smartAccountDeployed; §4 "Account type"): `badge` says, quietly, that the account shown is the
 * smart account and whether it is deployed yet; `switch` makes the user's other account the
 * connected one.
 */
export function AccountType({ part }: { part: 'badge' | 'switch' }): ReactElement | null {
  const session = useSession()
  const embedded = useSessionState((s) => s.account.connectorId === EMBEDDED_CONNECTOR_ID)
  const type = useSessionState((s) => s.account.type)
  const accounts = useSessionState((s) => s.embedded.accounts)
  const deployed = useSessionState((s) => s.embedded.smartAccountDeployed)
  const accountSwitch = useSessionState((s) => s.embedded.accountSwitch)
  const { t } = useI18n()
  if (!embedded || !type) return null
  const other = type === 'smartAccount' ? 'eoa' : 'smartAccount'
  // A user with one account has no type to tell apart or switch to.
  if (!accounts?.some((account) => account.type === other)) return null
  if (part === 'badge')
    return (
      <p className="wf-account-type" data-testid="account-type">
        {type === 'smartAccount' ? (
          <>
            <span className="wf-tag wf-tag-accent">{t('account.type.smartAccount')}</span>
            {deployed ? null : <span className="wf-muted">{t('account.type.notDeployed')}</span>}
          </>
        ) : (
          <span className="wf-tag">{t('account.type.eoa')}</span>
        )}
      </p>
    )
  return (
    <>
      <ListItem
        testId="account-type-switch"
        icon={
          <span className="wf-round-icon">
            <Icon name="swap" size={14} />
          </span>
        }
        label={t(other === 'eoa' ? 'account.switchToEoa' : 'account.switchToSmartAccount')}
        disabled={accountSwitch?.busy === true}
        onClick={() => void session.switchAccountType(other)}
      />
      {accountSwitch?.error ? (
        <p className="wf-account-type-error" role="alert">
          {accountSwitch.error}
        </p>
      ) : null}
    </>
  )
}
