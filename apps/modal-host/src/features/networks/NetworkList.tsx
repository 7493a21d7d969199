import type { NamespaceNetwork, Network } from '@walletframe/protocol'
import { type ReactElement, useState } from 'react'
import { Icon, Spinner } from '../../ui/icons.tsx'
import { ListItem } from '../../ui/ListItem.tsx'
import { NetworkIcon } from '../../ui/NetworkIcon.tsx'
import { useSession, useSessionState } from '../core/index.ts'
import './networks.css'
import { useI18n } from '../../ui/i18n/use-i18n.tsx'

/**
 * The dapp's networks; with Solana or Bitcoin networks too (issue 15), one group per namespace. A
 * network of another namespace is picked through `pickNamespaceNetwork` (its connection is kept apart).
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
      await (typeof network.id === 'number'
        ? session.switchNetwork(network as Network)
        : session.pickNamespaceNetwork(network as NamespaceNetwork))
    } finally {
      setSwitching(undefined)
    }
  }
  const isActive = (network: Network | NamespaceNetwork) =>
    network.chainNamespace === 'eip155'
      ? active === 'eip155' && network.id === activeChainId
      : active === network.chainNamespace &&
        connections[network.chainNamespace]?.caipNetworkId === network.caipNetworkId
  const list = (networks: readonly (Network | NamespaceNetwork)[]) => (
    <ul className="wf-stack wf-list" aria-label={t('common.networks')}>
      {networks.map((network) => (
        <li key={network.caipNetworkId}>
          <ListItem
            testId={`network-${network.id}`}
            icon={<NetworkIcon network={network} size={32} />}
            label={network.name}
            disabled={switching !== undefined}
            trailing={
              switching === network.caipNetworkId ? (
                <Spinner />
              ) : isActive(network) ? (
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
  const others = session.namespaceNetworks()
  if (others.length === 0) return list(session.networks())
  const groups = [
    ['eip155', session.networks()],
    ['solana', others.filter((n) => n.chainNamespace === 'solana')],
    ['bip122', others.filter((n) => n.chainNamespace === 'bip122')],
  ] as const
  return (
    <div className="wf-stack">
      {groups.map(([namespace, networks]) =>
        networks.length === 0 ? null : (
          <section key={namespace} data-testid={`networks-${namespace}`}>
            <h3 className="wf-network-group-title">{t(`networks.group.${namespace}`)}</h3>
            {list(networks)}
          </section>
        ),
      )}
    </div>
  )
}
