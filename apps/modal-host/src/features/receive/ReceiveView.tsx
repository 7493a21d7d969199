import { type NamespaceNetwork, type Network, UI_MESSAGES } from '@walletframe/protocol'
import type { ReactElement } from 'react'
import { copyText } from '../../ui/clipboard.ts'
import { truncateAddress } from '../../ui/format/address.ts'
import { useI18n } from '../../ui/i18n/use-i18n.tsx'
import { Icon } from '../../ui/icons.tsx'
import { NetworkIcon } from '../../ui/NetworkIcon.tsx'
import { QrPanel } from '../../ui/qr/QrCode.tsx'
import { useSession, useSessionState } from '../core/index.ts'
import { useActiveNamespace } from '../namespaces/index.ts'
import './receive.css'

/**
 * Spec §2 receive layout (WalletReceive): the address as a QR code and as text, copied with a
 * toast, and the networks it receives on. Every kind of account shows the same layout.
 */
function ReceiveAddress(props: {
  address: string
  networks: readonly (Network | NamespaceNetwork)[]
  onCopy(): void
  testId?: string
}): ReactElement {
  const { address } = props
  const { t } = useI18n()
  return (
    <div className="wf-receive" data-testid={props.testId}>
      <div data-testid="receive-qr">
        <QrPanel value={address} label={t('receive.qrLabel', { address })} size={220} active failed={false} />
      </div>
      <button type="button" className="wf-receive-address" onClick={props.onCopy} data-testid="receive-copy">
        <span data-testid="receive-address" title={address}>
          {truncateAddress(address)}
        </span>
        <Icon name="copy" size={14} />
        <span className="wf-sr-only">{t('common.copyAddress')}</span>
      </button>
      <p className="wf-muted wf-receive-note">{t('receive.networksNote')}</p>
      <ul className="wf-receive-networks" aria-label={t('common.networks')} data-testid="receive-networks">
        {props.networks.map((network) => (
          <li key={network.caipNetworkId} title={network.name} data-testid={`receive-network-${network.id}`}>
            <NetworkIcon network={network} size={24} />
            <span>{network.name}</span>
          </li>
        ))}
      </ul>
    </div>
  )
}

/** An EVM account: its address is the same on every EVM network of the project. */
export function ReceiveView(): ReactElement | null {
  const session = useSession()
  const address = useSessionState((s) => s.account.address)
  if (!address) return null
  const networks = session.networks().filter((network) => network.chainNamespace === 'eip155')
  return <ReceiveAddress address={address} networks={networks} onCopy={() => void session.copyAddress()} />
}

/**
 * A Solana or Bitcoin account (issue 15): its address (Solana: the base58 public key; Bitcoin: the
 * payment address), on the one network it receives on here.
 */
export function NamespaceReceiveView(): ReactElement | null {
  const session = useSession()
  const active = useActiveNamespace()
  if (!active?.connection.address) return null
  const { address } = active.connection
  return (
    <ReceiveAddress
      address={address}
      networks={[active.network]}
      onCopy={() => void copyText(address, UI_MESSAGES.addressCopied, session.toast)}
      testId={`receive-${active.namespace}`}
    />
  )
}
