import type { Network } from '@walletframe/protocol'
import { type ReactElement, useState } from 'react'
import { Icon, Spinner } from '../shell/icons.tsx'
import { ListItem } from '../shell/ListItem.tsx'
import { useSession, useSessionState } from '../session/use-session.ts'
import { NetworkIcon } from './NetworkIcon.tsx'

export function NetworkList(): ReactElement {
  const session = useSession()
  const activeChainId = useSessionState((s) => s.activeChainId)
  const [switching, setSwitching] = useState<number>()
  const pick = async (network: Network) => {
    setSwitching(network.id)
    try {
      await session.switchNetwork(network)
    } finally {
      setSwitching(undefined)
    }
  }
  return (
    <div className="wf-stack" role="list" aria-label="Networks">
      {session.networks().map((network) => (
        <div role="listitem" key={network.caipNetworkId}>
          <ListItem
            testId={`network-${network.id}`}
            icon={<NetworkIcon network={network} size={32} />}
            label={network.name}
            disabled={switching !== undefined}
            trailing={
              switching === network.id ? (
                <Spinner />
              ) : network.id === activeChainId ? (
                <span className="wf-check" aria-label="Active">
                  <Icon name="check" size={16} />
                </span>
              ) : (
                <Icon name="chevron" size={14} />
              )
            }
            onClick={() => void pick(network)}
          />
        </div>
      ))}
    </div>
  )
}
