import type { ReactElement } from 'react'
import { useSession } from '../session/use-session.ts'
import { Icon } from '../shell/icons.tsx'
import { ListItem } from '../shell/ListItem.tsx'
import { NetworkList } from './NetworkList.tsx'

export function UnsupportedChainView(): ReactElement {
  const session = useSession()
  return (
    <div className="wf-stack">
      <div className="wf-notice" role="status">
        <Icon name="warning" size={18} />
        <p>This app doesn't support your current network. Switch to an available option to continue.</p>
      </div>
      <NetworkList />
      <hr className="wf-divider" />
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
    </div>
  )
}
