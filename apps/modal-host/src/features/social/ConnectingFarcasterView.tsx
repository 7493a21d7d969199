import { type ReactElement, useId } from 'react'
import { Icon } from '../../ui/icons.tsx'
import { QrPanel } from '../../ui/qr/QrCode.tsx'
import { useSession, useSessionState } from '../core/index.ts'
import { KeyFrameSlot } from '../embedded/index.ts'
import { SocialNotice } from './SocialNotice.tsx'
import './social.css'
import { useI18n } from '../../ui/i18n/use-i18n.tsx'

const QR_SIZE = 232

/**
 * ConnectingFarcaster (spec §2): the Sign In With Farcaster request as a QR code for the phone, a link
 * to open it on this device and a copy button; the key frame answers once the phone has signed.
 */
export function ConnectingFarcasterView(): ReactElement {
  const session = useSession()
  const login = useSessionState((s) => s.social.login)
  const noticeId = useId()
  const { t } = useI18n()
  const step = login?.step
  if (step === 'setup') return <KeyFrameSlot label={t('email.setUp')} />
  const url = login?.farcasterUrl
  const scanning = step === 'scanning' && url !== undefined
  const failed = step === 'failed'
  return (
    <div className="wf-social-step" data-testid="farcaster-connecting">
      <QrPanel value={url} size={QR_SIZE} label={t('farcaster.qrLabel')} active={scanning} failed={failed} />
      <div className="wf-social-status" role="status" aria-live="polite">
        <h3 className="wf-connecting-title">
          {failed ? t('social.loginFailed') : t('walletConnect.scanWithPhone')}
        </h3>
        {failed ? null : <p className="wf-muted wf-center">{t('farcaster.scan')}</p>}
      </div>
      <SocialNotice
        login={login}
        id={noticeId}
        retry={{ onClick: () => session.retryFarcaster(), testId: 'farcaster-retry' }}
      />
      {failed ? null : (
        <div className="wf-social-actions">
          <a
            className={`wf-button wf-social-action ${scanning ? '' : 'is-disabled'}`}
            href={scanning ? url : undefined}
            aria-disabled={!scanning}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="farcaster-open"
          >
            <Icon name="external" size={14} />
            {t('farcaster.openHere')}
          </a>
          <button
            type="button"
            className="wf-button wf-social-action"
            onClick={() => void session.copyFarcasterUrl()}
            disabled={!scanning}
            data-testid="farcaster-copy"
          >
            <Icon name="copy" size={14} />
            {t('common.copyLink')}
          </button>
        </div>
      )}
    </div>
  )
}
