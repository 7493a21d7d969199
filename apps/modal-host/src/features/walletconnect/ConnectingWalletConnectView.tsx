/**
 * ConnectingWalletConnect and ConnectingWalletConnectBasic (spec §2): the pairing URI as a QR code,
 * "Copy link", a status line, and, when a registry wallet was picked, its deep links. The basic
 * variant is what the modal opens on when there are no adapters.
 */
import { UI_MESSAGES } from '@walletframe/protocol'
import type { ReactElement } from 'react'
import { Icon } from '../../ui/icons.tsx'
import { QrPanel } from '../../ui/qr/QrCode.tsx'
import { useSession, useSessionState } from '../core/index.ts'
import { walletLinks } from './deep-links.ts'
import './walletconnect.css'

const QR_SIZE = 232

function status(
  wc: ReturnType<typeof useWalletConnectState>,
  walletName: string | undefined,
): { title: string; text: string } {
  if (wc.flow === 'declined')
    return {
      title: UI_MESSAGES.connectionDeclined,
      text: 'The request was declined in the wallet. You can try again.',
    }
  if (wc.flow === 'failed' || wc.pairing.status === 'failed')
    return {
      title: 'Connection failed',
      text:
        wc.message ?? (wc.pairing.status === 'failed' ? wc.pairing.message : UI_MESSAGES.somethingWentWrong),
    }
  if (wc.pairing.status !== 'ready') return { title: 'Preparing the QR code', text: 'Reaching the relay…' }
  return walletName
    ? { title: `Scan with ${walletName}`, text: `Scan this QR code with ${walletName}, or open it below.` }
    : {
        title: 'Scan with your phone',
        text: 'Scan this QR code with a WalletConnect wallet, or copy the link.',
      }
}

const useWalletConnectState = () => useSessionState((s) => s.walletConnect)

export function ConnectingWalletConnectView(): ReactElement {
  return <WalletConnectPairing basic={false} />
}

export function ConnectingWalletConnectBasicView(): ReactElement {
  return <WalletConnectPairing basic />
}

function WalletConnectPairing({ basic }: { basic: boolean }): ReactElement {
  const session = useSession()
  const wc = useWalletConnectState()
  const isMobile = useSessionState((s) => s.init?.isMobile ?? false)
  const listing = basic ? undefined : wc.listing
  const uri = wc.pairing.status === 'ready' ? wc.pairing.uri : undefined
  const waiting = wc.flow === undefined || wc.flow === 'requesting'
  const links = uri && listing ? walletLinks(listing, uri, { isMobile }) : {}
  const { title, text } = status(wc, listing?.name)

  return (
    <div className="wf-wc">
      <QrPanel
        value={uri}
        size={QR_SIZE}
        label="QR code to connect your wallet with WalletConnect"
        active={waiting}
        failed={wc.pairing.status === 'failed'}
      />
      <div className="wf-wc-status" role="status" aria-live="polite" data-testid="walletconnect-status">
        <h3 className="wf-connecting-title">{title}</h3>
        <p className="wf-muted wf-center">{text}</p>
      </div>
      {waiting ? null : (
        <button type="button" className="wf-button wf-button-accent" onClick={() => session.retryConnect()}>
          Try again
        </button>
      )}
      <div className="wf-wc-actions">
        {links.mobile || links.desktop ? (
          <a
            className="wf-button wf-button-accent"
            href={links.mobile ?? links.desktop}
            target="_top"
            rel="noreferrer"
            onClick={() => session.chooseDeepLink()}
          >
            Open {listing?.name}
          </a>
        ) : null}
        {links.web ? (
          <a className="wf-button wf-wc-secondary" href={links.web} target="_blank" rel="noopener noreferrer">
            <Icon name="external" size={14} />
            Open web app
          </a>
        ) : null}
        <button
          type="button"
          className="wf-button wf-wc-secondary"
          onClick={() => void session.copyPairingUri()}
          disabled={!uri || !waiting}
        >
          <Icon name="copy" size={14} />
          Copy link
        </button>
      </div>
    </div>
  )
}
