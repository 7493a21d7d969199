import type { ReactElement } from 'react'
import './embedded.css'
import { Icon } from '../../ui/icons.tsx'
import { ListItem } from '../../ui/ListItem.tsx'
import { useSession, useSessionState } from '../core/index.ts'
import { EMBEDDED_CONNECTOR_ID } from './auth-connector.ts'

/** The Account view's lines for the embedded wallet: the signed-in email and its change. */
export function AccountEmail({ part }: { part: 'email' | 'update' }): ReactElement | null {
  const session = useSession()
  const embedded = useSessionState((s) => s.account.connectorId === EMBEDDED_CONNECTOR_ID)
  const email = useSessionState((s) => s.embedded.userEmail)
  if (!embedded) return null
  if (part === 'email')
    return email ? (
      <p className="wf-muted wf-account-email" data-testid="account-email">
        {email}
      </p>
    ) : null
  return (
    <ListItem
      testId="update-email"
      icon={
        <span className="wf-round-icon">
          <Icon name="mail" size={14} />
        </span>
      }
      label="Update email"
      onClick={() => session.startEmailUpdate()}
    />
  )
}
