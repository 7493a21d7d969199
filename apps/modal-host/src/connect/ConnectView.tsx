import type { ReactElement } from 'react'
import { useSession, useSessionState } from '../session/use-session.ts'
import { Icon } from '../shell/icons.tsx'
import { ListItem } from '../shell/ListItem.tsx'
import { WalletIcon } from '../shell/WalletIcon.tsx'
import { connectMethodOrder, orderedWalletList } from './wallet-list.ts'

export function ConnectView(): ReactElement {
  const session = useSession()
  const wallets = useSessionState((s) => s.wallets)
  const recent = useSessionState((s) => s.recent)
  const init = useSessionState((s) => s.init!)
  const list = orderedWalletList({
    wallets,
    recent,
    excludeWalletIds: init.excludeWalletIds,
    isMobile: init.isMobile,
    connectorTypeOrder: init.features.connectorTypeOrder,
  })
  const showAllWallets = init.features.allWallets !== false
  // Only the wallet method exists so far; email and social arrive with the embedded wallet.
  const methods = connectMethodOrder(init.features, list.length > 0).filter((method) => method === 'wallet')

  return (
    <div className="wf-stack">
      {methods.map((method) => (
        <ul key={method} className="wf-stack wf-list" aria-label="Wallets">
          {list.length === 0 ? (
            <li className="wf-empty">
              <Icon name="wallet" size={28} />
              <p className="wf-empty-title">No wallet detected</p>
              <p className="wf-empty-text">Install a browser wallet extension, then reload this page.</p>
            </li>
          ) : (
            list.map(({ wallet, section }) => (
              <li key={wallet.id}>
                <ListItem
                  testId={`wallet-${wallet.id}`}
                  icon={<WalletIcon src={wallet.icon} name={wallet.name} size={32} />}
                  label={wallet.name}
                  tag={section === 'recent' ? 'Recent' : 'Installed'}
                  tagTone={section === 'recent' ? 'accent' : 'success'}
                  onClick={() => session.selectWallet(wallet)}
                />
              </li>
            ))
          )}
          {showAllWallets ? (
            <li>
              <ListItem
                testId="all-wallets"
                icon={
                  <span className="wf-wallet-icon wf-wallet-icon-muted" style={{ width: 32, height: 32 }}>
                    <Icon name="grid" size={16} />
                  </span>
                }
                label="All Wallets"
                tag={String(list.length)}
                onClick={() => session.push('AllWallets')}
              />
            </li>
          ) : null}
        </ul>
      ))}
    </div>
  )
}
