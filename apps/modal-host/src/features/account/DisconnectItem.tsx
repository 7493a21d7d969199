import type { ReactElement } from 'react'
import { Icon } from '../../ui/icons.tsx'
import { ListItem } from '../../ui/ListItem.tsx'
import { useSession } from '../core/use-session.ts'
import './account.css'

/** The Disconnect row of the Account and UnsupportedChain views. */
export function DisconnectItem(): ReactElement {
  const session = useSession()
  return (
    <ListItem
      testId="disconnect"
      icon={
        <span className="wf-round-icon">
          <Icon name="power" size={14} />
        </span>
      }
      label="Disconnect"
      trailing={<span />}
      onClick={() => void session.disconnect()}
    />
  )
}
