import type { Network } from '@walletframe/protocol'
import { type ReactElement, useState } from 'react'
import { Icon, Spinner } from '../../ui/icons.tsx'
import { ListItem } from '../../ui/ListItem.tsx'
import { NetworkIcon } from '../../ui/NetworkIcon.tsx'
import { useSession, useSessionState } from '../core/index.ts'
import './networks.css'
import { useI18n } from '../../ui/i18n/use-i18n.tsx'

export function NetworkList(): ReactElement {
  const session = useSession()
  const activeChainId = useSessionState((s) => s.activeChainId)
  const [switching, setSwitching] = useState<number>()
  const { t } = useI18n()
  const pick = async (network: Network) => {
    setSwitching(network.id)
    try {
      await session.switchNetwork(network)
    } finally {
      setSwitching(undefined)
    }
  }
  return (
    <ul className="wf-stack wf-list" aria-label={t('common.networks')}>
      {session.networks().map((network) => (
        <li key={network.caipNetworkId}>
          <ListItem
            testId={`network-${network.id}`}
            icon={<NetworkIcon network={network} size={32} />}
            label={network.name}
            disabled={switching !== undefined}
            trailing={
              switching === network.id ? (
                <Spinner />
              ) : network.id === activeChainId ? (
                <span className="wf-check">
                  <Icon name="check" size={16} />
                  <span className="wf-sr-only">(active)</span>
                </span>
              ) : (
                <Icon name="chevron" size={14} />
              )
            }
            onClick={() => void pick(network)}
          />
        </li>
      ))}
    </ul>
  )
}
