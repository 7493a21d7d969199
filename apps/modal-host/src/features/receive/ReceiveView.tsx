import type { ReactElement } from 'react'
import { truncateAddress } from '../../ui/format/address.ts'
import { Icon } from '../../ui/icons.tsx'
import { NetworkIcon } from '../../ui/NetworkIcon.tsx'
import { QrPanel } from '../../ui/qr/QrCode.tsx'
import { useSession, useSessionState } from '../core/index.ts'
import './receive.css'
import { useI18n } from '../../ui/i18n/use-i18n.tsx'

/**
 * Spec §2 receive layout (WalletReceive): the account's address as a QR code and as text, copied
 * with a toast, and the networks it receives on (an EVM address is the same on every EVM network).
 */
export function ReceiveView(): ReactElement | null {
  const session = useSession()
  const address = useSessionState((s) => s.account.address)
  const { t } = useI18n()
  if (!address) return null
  const networks = session.networks().filter((network) => network.chainNamespace === 'eip155')
  return (
    <div className="wf-receive">
      <div data-testid="receive-qr">
        <QrPanel value={address} label={t('receive.qrLabel', { address })} size={220} active failed={false} />
      </div>
      <button
        type="button"
        className="wf-receive-address"
        onClick={() => void session.copyAddress()}
        data-testid="receive-copy"
      >
        <span data-testid="receive-address" title={address}>
          {truncateAddress(address)}
        </span>
        <Icon name="copy" size={14} />
        <span className="wf-sr-only">{t('common.copyAddress')}</span>
      </button>
      <p className="wf-muted wf-receive-note">{t('receive.networksNote')}</p>
      <ul className="wf-receive-networks" aria-label={t('common.networks')} data-testid="receive-networks">
        {networks.map((network) => (
          <li key={network.caipNetworkId} title={network.name} data-testid={`receive-network-${network.id}`}>
            <NetworkIcon network={network} size={24} />
            <span>{network.name}</span>
          </li>
        ))}
      </ul>
    </div>
  )
}
