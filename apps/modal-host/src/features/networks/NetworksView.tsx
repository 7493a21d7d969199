import type { ReactElement } from 'react'
import { NetworkList } from './NetworkList.tsx'
import './networks.css'

export function NetworksView(): ReactElement {
  return (
    <div className="wf-stack">
      <NetworkList />
      <p className="wf-muted wf-center wf-small">
        Your connected wallet may not support some of the networks available for this app.
      </p>
    </div>
  )
}
