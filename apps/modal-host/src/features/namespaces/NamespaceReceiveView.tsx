import { UI_MESSAGES } from '@walletframe/protocol'
import type { ReactElement } from 'react'
import { copyText } from '../../ui/clipboard.ts'
import { truncateAddress } from '../../ui/format/address.ts'
import { useI18n } from '../../ui/i18n/use-i18n.tsx'
import { Icon } from '../../ui/icons.tsx'
import { NetworkIcon } from '../../ui/NetworkIcon.tsx'
import { QrPanel } from '../../ui/qr/QrCode.tsx'
import { useSession } from '../core/index.ts'
import { useActiveNamespace } from './use-namespace.ts'
import './namespaces.css'

/**
 * Spec §2 receive layout for a Solana or Bitcoin account (issue 15): its address (Solana: the
 * base58 public key; Bitcoin: the payment address) as a QR code and as text, and the one network
 * it receives on here (unlike an EVM address, it is not shared with other networks).
 */
export function NamespaceReceiveView(): ReactElement | null {
  const session = useSession()
  const active = useActiveNamespace()
  const { t } = useI18n()
  if (!active) return null
  const address = active.connection.address!
  return (
    <div className="wf-ns-receive" data-testid={`receive-${active.namespace}`}>
      <div data-testid="receive-qr">
        <QrPanel value={address} label={t('receive.qrLabel', { address })} size={220} active failed={false} />
      </div>
      <button
        type="button"
        className="wf-ns-copy"
        onClick={() => void copyText(address, UI_MESSAGES.addressCopied, session.toast)}
        data-testid="receive-copy"
      >
        <span data-testid="receive-address" title={address}>
          {truncateAddress(address)}
        </span>
        <Icon name="copy" size={14} />
        <span className="wf-sr-only">{t('common.copyAddress')}</span>
      </button>
      <p className="wf-muted wf-ns-note">{t('receive.networksNote')}</p>
      <p className="wf-ns-pill" data-testid={`receive-network-${active.network.id}`}>
        <NetworkIcon network={active.network} size={20} />
        <span>{active.network.name}</span>
      </p>
    </div>
  )
}
