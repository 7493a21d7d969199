import { type ReactElement, useEffect } from 'react'
import { truncateAddress } from '../../ui/format/address.ts'
import { Spinner } from '../../ui/icons.tsx'
import { NetworkIcon } from '../../ui/NetworkIcon.tsx'
import { TokenIcon } from '../account/index.ts'
import { useSession, useSessionState } from '../core/index.ts'
import { summaryOf } from './send-summary.ts'
import { useSend } from './use-send.ts'
import './send.css'
import { useI18n } from '../../ui/i18n/use-i18n.tsx'

/** Spec §2 send layout (WalletSendPreview): what will be sent, to whom, on which network, at what fee. */
export function SendPreviewView(): ReactElement | null {
  const session = useSession()
  const network = useSessionState((s) => session.findNetwork(s.account.chainId))
  const { flow, snapshot } = useSend()
  const { t, usd } = useI18n()
  const editing = snapshot?.matches({ flow: 'editing' }) === true
  // Back on the form (the back button, or a send that ended): this view has nothing to show.
  useEffect(() => {
    if (editing && session.store.get().view === 'WalletSendPreview') session.back()
  }, [editing, session])
  if (!flow || !snapshot || editing) return null
  const { context } = snapshot
  const { token, receiver } = context
  if (!token || !receiver) return null
  const sending = snapshot.matches({ flow: 'sending' })
  const summary = summaryOf(context)

  return (
    <div className="wf-send">
      <div className="wf-send-box wf-send-summary">
        <span className="wf-send-label">{t('send.send')}</span>
        <p className="wf-send-big" data-testid="send-preview-amount">
          {context.amount} {token.symbol}
        </p>
        <TokenIcon src={token.iconUrl} symbol={token.symbol} size={32} />
        <span className="wf-muted">{usd(Number(context.amount) * token.price)}</span>
      </div>
      <div className="wf-send-box wf-send-summary">
        <span className="wf-send-label">{t('send.to')}</span>
        <p className="wf-send-big" data-testid="send-preview-receiver" title={receiver.address}>
          {receiver.name ?? truncateAddress(receiver.address)}
        </p>
        {receiver.name ? <span className="wf-muted">{truncateAddress(receiver.address)}</span> : null}
      </div>
      <dl className="wf-send-details">
        <div>
          <dt className="wf-muted">{t('send.network')}</dt>
          <dd>
            {network ? <NetworkIcon network={network} size={16} /> : null} {network?.name}
          </dd>
        </div>
        <div>
          <dt className="wf-muted">{t('common.networkFee')}</dt>
          <dd data-testid="send-preview-fee">
            {summary.feeUsd === undefined
              ? t('common.unavailable')
              : t('common.approx', { value: usd(summary.feeUsd) })}
          </dd>
        </div>
      </dl>
      <p className="wf-muted wf-send-note">{t('send.reviewNote')}</p>
      <div className="wf-send-actions">
        <button
          type="button"
          className="wf-button"
          disabled={sending}
          onClick={() => flow.send({ type: 'EDIT' })}
          data-testid="send-cancel"
        >
          {t('common.cancel')}
        </button>
        <button
          type="button"
          className="wf-button wf-button-accent"
          disabled={sending}
          aria-busy={sending}
          onClick={() => flow.send({ type: 'CONFIRM' })}
          data-testid="send-confirm"
        >
          {sending ? <Spinner size={14} /> : t('send.send')}
        </button>
      </div>
    </div>
  )
}
