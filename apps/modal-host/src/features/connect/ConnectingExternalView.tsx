import { UI_MESSAGES } from '@walletframe/protocol'
import type { ReactElement } from 'react'
import { Icon } from '../../ui/icons.tsx'
import { WalletIcon } from '../../ui/WalletIcon.tsx'
import { useSession, useSessionState } from '../core/index.ts'
import './connect.css'
import { useI18n } from '../../ui/i18n/use-i18n.tsx'

export function ConnectingExternalView(): ReactElement {
  const session = useSession()
  const connecting = useSessionState((s) => s.connecting)
  const { t, text } = useI18n()
  if (!connecting) {
    return <p className="wf-muted wf-center">{t('connect.pickWallet')}</p>
  }
  const { wallet, state, message } = connecting
  const waiting = state === 'requesting'
  return (
    <div className="wf-connecting" aria-live="polite">
      <div className={`wf-connecting-icon ${waiting ? 'is-waiting' : 'is-error'}`}>
        <WalletIcon src={wallet.icon} name={wallet.name} size={72} />
        {waiting ? null : (
          <span className="wf-connecting-badge">
            <Icon name="close" size={12} />
          </span>
        )}
      </div>
      <h3 className="wf-connecting-title">
        {waiting
          ? t('connect.continueIn', { wallet: wallet.name })
          : state === 'declined'
            ? text(UI_MESSAGES.connectionDeclined)
            : t('connect.failed')}
      </h3>
      <p className="wf-muted wf-center">
        {waiting
          ? t('connect.acceptRequest')
          : state === 'declined'
            ? t('connect.declinedText')
            : message && text(message)}
      </p>
      {waiting ? null : (
        <button type="button" className="wf-button wf-button-accent" onClick={() => session.retryConnect()}>
          {t('common.tryAgain')}
        </button>
      )}
    </div>
  )
}
