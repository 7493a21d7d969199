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
import type { Translator } from '../../ui/i18n/translator.ts'
import { useI18n } from '../../ui/i18n/use-i18n.tsx'

const QR_SIZE = 232

function status(
  wc: ReturnType<typeof useWalletConnectState>,
  walletName: string | undefined,
  { t, text }: Translator,
): { title: string; text: string } {
  if (wc.flow === 'declined')
    return {
      title: text(UI_MESSAGES.connectionDeclined),
      text: t('connect.declinedText'),
    }
  if (wc.flow === 'failed' || wc.pairing.status === 'failed')
    return {
      title: t('connect.failed'),
      text: text(
        wc.message ?? (wc.pairing.status === 'failed' ? wc.pairing.message : UI_MESSAGES.somethingWentWrong),
      ),
    }
  if (wc.pairing.status !== 'ready')
    return { title: t('walletConnect.preparing'), text: t('walletConnect.reachingRelay') }
  return walletName
    ? {
        title: t('walletConnect.scanWith', { wallet: walletName }),
        text: t('walletConnect.scanWithText', { wallet: walletName }),
      }
    : { title: t('walletConnect.scanWithPhone'), text: t('walletConnect.scanWithPhoneText') }
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
  const i18n = useI18n()
  const { t } = i18n
  const { title, text } = status(wc, listing?.name, i18n)

  return (
    <div className="wf-wc">
      <QrPanel
        value={uri}
        size={QR_SIZE}
        label={t('walletConnect.qrLabel')}
        active={waiting}
        failed={wc.pairing.status === 'failed'}
      />
      <div className="wf-wc-status" role="status" aria-live="polite" data-testid="walletconnect-status">
        <h3 className="wf-connecting-title">{title}</h3>
        <p className="wf-muted wf-center">{text}</p>
      </div>
      {waiting ? null : (
        <button type="button" className="wf-button wf-button-accent" onClick={() => session.retryConnect()}>
          {t('common.tryAgain')}
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
            {t('walletConnect.open', { wallet: listing?.name ?? '' })}
          </a>
        ) : null}
        {links.web ? (
          <a className="wf-button wf-wc-secondary" href={links.web} target="_blank" rel="noopener noreferrer">
            <Icon name="external" size={14} />
            {t('walletConnect.openWebApp')}
          </a>
        ) : null}
        <button
          type="button"
          className="wf-button wf-wc-secondary"
          onClick={() => void session.copyPairingUri()}
          disabled={!uri || !waiting}
        >
          <Icon name="copy" size={14} />
          {t('common.copyLink')}
        </button>
      </div>
    </div>
  )
}
