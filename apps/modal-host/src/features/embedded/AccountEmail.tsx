import type { ReactElement } from 'react'
import './embedded.css'
import { useI18n } from '../../ui/i18n/use-i18n.tsx'
import { Icon } from '../../ui/icons.tsx'
import { ListItem } from '../../ui/ListItem.tsx'
import { useSession, useSessionState } from '../core/index.ts'
import { EMBEDDED_CONNECTOR_ID } from './auth-connector.ts'

/**
 * The Account view's lines for the embedded wallet: the social login's user name and the signed-in
 * email, and the email's change (an email login's only: a social login's email is the provider's).
 */
export function AccountEmail({ part }: { part: 'email' | 'update' }): ReactElement | null {
  const session = useSession()
  const embedded = useSessionState((s) => s.account.connectorId === EMBEDDED_CONNECTOR_ID)
  const social = useSessionState((s) => s.account.socialProvider !== undefined)
  const email = useSessionState((s) => s.embedded.userEmail)
  const userName = useSessionState((s) => s.embedded.userName)
  const { t } = useI18n()
  if (!embedded) return null
  if (part === 'email')
    return (
      <>
        {social && userName ? (
          <p className="wf-account-user" data-testid="account-username">
            {userName}
          </p>
        ) : null}
        {email ? (
          <p className="wf-muted wf-account-email" data-testid="account-email">
            {email}
          </p>
        ) : null}
      </>
    )
  if (social) return null
  return (
    <ListItem
      testId="update-email"
      icon={
        <span className="wf-round-icon">
          <Icon name="mail" size={14} />
        </span>
      }
      label={t('email.update')}
      onClick={() => session.startEmailUpdate()}
    />
  )
}
