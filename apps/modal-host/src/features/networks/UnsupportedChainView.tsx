import type { ReactElement } from 'react'
import { Icon } from '../../ui/icons.tsx'
import { DisconnectItem } from '../connect/index.ts'
import { NetworkList } from './NetworkList.tsx'
import './networks.css'

export function UnsupportedChainView(): ReactElement {
  return (
    <div className="wf-stack">
      <div className="wf-notice" role="status">
        <Icon name="warning" size={18} />
        <p>This app doesn't support your current network. Switch to an available option to continue.</p>
      </div>
      <NetworkList />
      <hr className="wf-divider" />
      <DisconnectItem />
    </div>
  )
}
