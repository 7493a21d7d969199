import type { ReactElement } from 'react'
import { useI18n } from '../../ui/i18n/use-i18n.tsx'
import { ListItem } from '../../ui/ListItem.tsx'
import { WalletIcon } from '../../ui/WalletIcon.tsx'
import { NAMESPACE_NAMES, useSession, useSessionState } from '../core/index.ts'
import './namespaces.css'

/**
 * The Connect view for a network of another namespace (issue 15): the page's wallets of that
 * namespace (Wallet Standard wallets the SDK found); picking one asks it for its account.
 */
export function NamespaceWalletsView(): ReactElement | null {
  const session = useSession()
  const namespace = useSessionState((s) => s.namespaces.connectFor)
  const wallets = useSessionState((s) => s.wallets)
  const connecting = useSessionState(
    (s) => namespace && s.namespaces.connections[namespace]?.status === 'connecting',
  )
  const { t } = useI18n()
  if (!namespace) return null
  const listed = wallets.filter((wallet) => wallet.namespace === namespace)
  const name = NAMESPACE_NAMES[namespace]
  return (
    <div className="wf-stack" data-testid={`connect-${namespace}`}>
      {listed.length === 0 ? (
        <p className="wf-muted wf-ns-note">{t('connect.noNamespaceWallets', { namespace: name })}</p>
      ) : null}
      <ul className="wf-stack wf-list" aria-label={t('connect.wallets')}>
        {listed.map((wallet) => (
          <li key={wallet.id}>
            <ListItem
              testId={`wallet-${wallet.id}`}
              icon={<WalletIcon src={wallet.icon} name={wallet.name} size={32} />}
              label={wallet.name}
              tag={t('connect.installed')}
              tagTone="success"
              disabled={Boolean(connecting)}
              onClick={() =>
                void session.namespaces().then((n) => n.connectNamespaceWallet(wallet, namespace))
              }
            />
          </li>
        ))}
      </ul>
    </div>
  )
}
