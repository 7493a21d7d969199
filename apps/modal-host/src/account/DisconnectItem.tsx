import type { ReactElement } from 'react'
import { useSession } from '../session/use-session.ts'
import { Icon } from '../shell/icons.tsx'
import { ListItem } from '../shell/ListItem.tsx'

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
