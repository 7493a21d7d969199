import { isUserRejection, UI_MESSAGES } from '@walletframe/protocol'
import { type ReactElement, useState } from 'react'
import { useI18n } from '../../../ui/i18n/use-i18n.tsx'
import { Spinner } from '../../../ui/icons.tsx'
import { listedTokens } from '../../account/index.ts'
import { useSession } from '../../core/index.ts'
import { mintOf, useActiveNamespace, useNamespaceBalances } from '../../namespaces/index.ts'
import { AmountBox, BalanceWithMax, ReceiverBox } from '../send-fields.tsx'
import { checkSolanaSend } from './solana-send-rules.ts'
import '../send.css'

/**
 * Spec §5 Solana send (issue 15): a token of the account (SOL or SPL), an amount and a base58
 * receiver; the transfer is built on the network's RPC (its own chunk, @solana/kit) and signed and
 * sent by the connection's wallet (`solana_signAndSendTransaction`: the embedded wallet's approval,
 * or the page wallet's prompt). 'Transaction started', then Account; spec §8 on failure.
 */
export function SolanaSendView(): ReactElement | null {
  const session = useSession()
  const active = useActiveNamespace()
  const { balances } = useNamespaceBalances(active?.connection.address, active?.network)
  const [picked, setPicked] = useState<string>()
  const [amount, setAmount] = useState('')
  const [receiver, setReceiver] = useState('')
  const [sending, setSending] = useState(false)
  const { t, text } = useI18n()
  if (active?.namespace !== 'solana') return null
  if (balances.state === 'unavailable')
    return (
      <div className="wf-empty" data-testid="send-unavailable">
        <p className="wf-empty-title">{text(UI_MESSAGES.tokenBalanceUnavailable)}</p>
      </div>
    )
  if (balances.state === 'loading')
    return (
      <div className="wf-center wf-send-loading">
        <Spinner size={20} />
      </div>
    )
  const { network, connection } = active
  const tokens = listedTokens(balances.balances)
  const token = tokens.find((entry) => entry.address === picked) ?? tokens[0]
  const check = checkSolanaSend({ amount, receiver, token })
  const blocker = 'problem' in check ? t(`send.missing.${check.problem}`) : undefined

  const send = async () => {
    if ('problem' in check || !token) return
    setSending(true)
    try {
      const mint = mintOf(token)
      const { buildSolanaTransfer } = await import('./solana-transfer.ts')
      const transaction = await buildSolanaTransfer({
        rpcUrl: network.rpcUrls.default.http[0] ?? '',
        from: connection.address!,
        to: check.receiver,
        amount: check.units,
        ...(mint ? { token: { mint, decimals: Number(token.quantity.decimals) } } : {}),
      })
      await (await session.namespaces()).namespaceRequest('solana', 'solana_signAndSendTransaction', {
        transaction,
      })
      session.toast('success', UI_MESSAGES.transactionStarted)
      session.tokenSent()
    } catch (error) {
      if (!isUserRejection(error)) session.toast('error', UI_MESSAGES.failedToSendTransaction)
    } finally {
      setSending(false)
    }
  }

  return (
    <form
      className="wf-send"
      data-testid="send-solana"
      onSubmit={(event) => {
        event.preventDefault()
        void send()
      }}
    >
      <AmountBox
        amount={amount}
        onAmount={setAmount}
        picker={
          <select
            className="wf-send-token-button"
            value={token?.address ?? ''}
            onChange={(event) => setPicked(event.target.value)}
            aria-label={t('send.selectToken')}
            data-testid="send-token"
          >
            {tokens.map((entry) => (
              <option key={entry.address} value={entry.address}>
                {entry.symbol}
              </option>
            ))}
          </select>
        }
      >
        {token ? (
          <div className="wf-send-row wf-muted">
            <span>{token.name}</span>
            <BalanceWithMax
              token={token}
              onMax={() => setAmount(token.quantity.numeric)}
              testId="send-balance"
            />
          </div>
        ) : null}
      </AmountBox>
      <ReceiverBox value={receiver} onChange={setReceiver} />
      <p className="wf-send-fee">
        <span className="wf-muted">{t('send.network')}</span>
        <span data-testid="send-network">{network.name}</span>
      </p>
      <button
        type="submit"
        className="wf-button wf-button-accent"
        disabled={blocker !== undefined || sending}
        data-testid="send-submit"
      >
        {sending ? <Spinner size={14} /> : (blocker ?? t('send.send'))}
      </button>
    </form>
  )
}
