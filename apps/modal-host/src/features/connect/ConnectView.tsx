import type { WalletListingEntry } from '@walletframe/protocol'
import { type ReactElement, useEffect } from 'react'
import { Icon } from '../../ui/icons.tsx'
import { ListItem } from '../../ui/ListItem.tsx'
import { WalletIcon } from '../../ui/WalletIcon.tsx'
import { useSession, useSessionState } from '../core/use-session.ts'
import { QrGlyph } from '../walletconnect/QrCode.tsx'
import { showsWalletConnectEntry } from '../walletconnect/session-walletconnect.ts'
import { connectMethodOrder, orderedWalletList, walletConnectPosition } from './wallet-list.ts'
import './connect.css'

/** The entry that opens the WalletConnect QR code. */
export function WalletConnectEntry({ onClick }: { onClick: () => void }): ReactElement {
  return (
    <ListItem
      testId="wallet-walletConnect"
      icon={
        <span className="wf-wallet-icon wf-wallet-icon-muted" style={{ width: 32, height: 32 }}>
          <QrGlyph size={18} />
        </span>
      }
      label="WalletConnect"
      tag="QR code"
      tagTone="accent"
      onClick={onClick}
    />
  )
}

export function ConnectView(): ReactElement {
  const session = useSession()
  const wallets = useSessionState((s) => s.wallets)
  const recent = useSessionState((s) => s.recent)
  const init = useSessionState((s) => s.init!)
  const walletConnect = useSessionState((s) => s.walletConnect)
  const account = useSessionState((s) => s.account)
  const registry = session.registry()
  const registryShown = useSessionState((s) => s.dataAvailable && s.walletConnect.available)
  const highlights = useSessionState((s) => s.registry)
  useEffect(() => {
    if (registryShown) void registry?.loadHighlights()
  }, [registryShown, registry])
  const list = orderedWalletList({
    wallets,
    recent,
    excludeWalletIds: init.excludeWalletIds,
    isMobile: init.isMobile,
    connectorTypeOrder: init.features.connectorTypeOrder,
  })
  const showAllWallets = init.features.allWallets !== false
  const wcAt = showsWalletConnectEntry(walletConnect, account)
    ? walletConnectPosition(list, init.features.connectorTypeOrder)
    : -1
  const walletConnectEntry = (
    <li key="walletConnect">
      <WalletConnectEntry onClick={() => session.selectWalletConnect()} />
    </li>
  )
  // spec §9 connector type order: featured after the installed wallets, recommended last.
  const order = init.features.connectorTypeOrder?.length
    ? init.features.connectorTypeOrder
    : (['featured', 'recommended'] as const)
  const registryEntries = (kind: 'featured' | 'recommended'): WalletListingEntry[] =>
    registry && registryShown && order.includes(kind) ? highlights[kind] : []
  const registryRows = [...registryEntries('featured'), ...registryEntries('recommended')].map((entry) => (
    <li key={entry.id}>
      <ListItem
        testId={`wallet-${entry.id}`}
        icon={<WalletIcon src={registry?.imageUrl(entry)} name={entry.name} size={32} fromApi />}
        label={entry.name}
        onClick={() => registry && session.selectWalletConnect(registry.listing(entry))}
      />
    </li>
  ))
  // Only the wallet method exists so far; email and social arrive with the embedded wallet.
  const methods = connectMethodOrder(init.features, list.length > 0).filter((method) => method === 'wallet')

  return (
    <div className="wf-stack">
      {methods.map((method) => (
        <ul key={method} className="wf-stack wf-list" aria-label="Wallets">
          {list.length === 0 && wcAt === -1 ? (
            <li className="wf-empty">
              <Icon name="wallet" size={28} />
              <p className="wf-empty-title">No wallet detected</p>
              <p className="wf-empty-text">Install a browser wallet extension, then reload this page.</p>
            </li>
          ) : (
            list.flatMap(({ wallet, section }, index) => [
              ...(index === wcAt ? [walletConnectEntry] : []),
              <li key={wallet.id}>
                <ListItem
                  testId={`wallet-${wallet.id}`}
                  icon={<WalletIcon src={wallet.icon} name={wallet.name} size={32} />}
                  label={wallet.name}
                  tag={section === 'recent' ? 'Recent' : 'Installed'}
                  tagTone={section === 'recent' ? 'accent' : 'success'}
                  onClick={() => session.selectWallet(wallet)}
                />
              </li>,
            ])
          )}
          {wcAt !== -1 && wcAt === list.length ? walletConnectEntry : null}
          {registryRows}
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
