import type { NamespaceNetwork, Network } from '@walletframe/protocol'
import { type ReactElement, useState } from 'react'
import { Icon, Spinner } from '../../ui/icons.tsx'
import { ListItem } from '../../ui/ListItem.tsx'
import { NetworkIcon } from '../../ui/NetworkIcon.tsx'
import { NAMESPACE_NAMES, useSession, useSessionState } from '../core/index.ts'
import './networks.css'
import { useI18n } from '../../ui/i18n/use-i18n.tsx'

/**
 * The dapp's networks, then its Solana and Bitcoin ones badged with their namespace (issue 15). A
 * network of another namespace is picked through `pickNamespaceNetwork`: its connection is its own.
 */
export function NetworkList(): ReactElement {
  const session = useSession()
  const activeChainId = useSessionState((s) => s.activeChainId)
  const { active, connections } = useSessionState((s) => s.namespaces)
  const [switching, setSwitching] = useState<string>()
  const { t } = useI18n()
  const pick = async (network: Network | NamespaceNetwork) => {
    setSwitching(network.caipNetworkId)
    try {
      await (typeof network.id === 'string'
        ? session.namespaces().then((n) => n.pickNamespaceNetwork(network as NamespaceNetwork))
        : session.switchNetwork(network as Network))
    } finally {
      setSwitching(undefined)
    }
  }
  return (
    <ul className="wf-stack wf-list" aria-label={t('common.networks')}>
      {[...session.networks(), ...session.namespaceNetworks()].map((network) => {
        const namespace =
          typeof network.id === 'string' ? (network as NamespaceNetwork).chainNamespace : undefined
        const isActive = namespace
          ? active === namespace && connections[namespace]?.caipNetworkId === network.caipNetworkId
          : active === 'eip155' && network.id === activeChainId
        return (
          <li key={network.caipNetworkId}>
            <ListItem
              testId={`network-${network.id}`}
              icon={<NetworkIcon network={network} size={32} />}
              label={network.name}
              tag={namespace && NAMESPACE_NAMES[namespace]}
              disabled={switching !== undefined}
              trailing={
                switching === network.caipNetworkId ? (
                  <Spinner />
                ) : isActive ? (
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
        )
      })}
    </ul>
  )
}
