import { UI_MESSAGES } from '@walletframe/protocol'
import type { ReactElement } from 'react'
import { Icon } from '../../ui/icons.tsx'
import { WalletIcon } from '../../ui/WalletIcon.tsx'
import { useSession, useSessionState } from '../core/index.ts'
import './connect.css'

export function ConnectingExternalView(): ReactElement {
  const session = useSession()
  const connecting = useSessionState((s) => s.connecting)
  if (!connecting) {
    return <p className="wf-muted wf-center">Pick a wallet to connect.</p>
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
          ? `Continue in ${wallet.name}`
          : state === 'declined'
            ? UI_MESSAGES.connectionDeclined
            : 'Connection failed'}
      </h3>
      <p className="wf-muted wf-center">
        {waiting
          ? 'Accept the connection request in the wallet'
          : state === 'declined'
            ? 'The request was declined in the wallet. You can try again.'
            : message}
      </p>
      {waiting ? null : (
        <button type="button" className="wf-button wf-button-accent" onClick={() => session.retryConnect()}>
          Try again
        </button>
      )}
    </div>
  )
}
