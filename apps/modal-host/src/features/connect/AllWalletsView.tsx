import { type ReactElement, useId, useState } from 'react'
import { Icon, Spinner } from '../../ui/icons.tsx'
import { QrGlyph } from '../../ui/qr/QrCode.tsx'
import { useSentinel } from '../../ui/use-sentinel.ts'
import { WalletIcon } from '../../ui/WalletIcon.tsx'
import { useSession, useSessionState } from '../core/index.ts'
import { showsWalletConnectEntry } from '../walletconnect/index.ts'
import { allWalletsListings, detectedWallets, withoutDetected } from './registry-lists.ts'
import { useRegistryWallets } from './use-registry-wallets.ts'
import { isWalletVisible } from './wallet-list.ts'
import './connect.css'
import { useI18n } from '../../ui/i18n/use-i18n.tsx'

/**
 * The host's installed wallets first, then (with a data API and a relay) the wallet registry:
 * featured, recommended and 40 a page with infinite scroll, or a debounced search; wallets the page
 * already has are not repeated from the registry (spec §5).
 */
export function AllWalletsView(): ReactElement {
  const session = useSession()
  const wallets = useSessionState((s) => s.wallets)
  const init = useSessionState((s) => s.init!)
  const walletConnect = useSessionState((s) => s.walletConnect)
  const account = useSessionState((s) => s.account)
  const [query, setQuery] = useState('')
  const searchId = useId()
  const { t } = useI18n()
  const recent = useSessionState((s) => s.recent)
  const highlights = useSessionState((s) => s.registry)
  const registryPages = useRegistryWallets(query)
  const sentinel = useSentinel<HTMLDivElement>(registryPages.loadMore, registryPages.hasMore)
  const registry = session.registry()
  const detected = detectedWallets(wallets, recent)
  const searching = query.trim() !== ''
  const listings = searching
    ? withoutDetected(registryPages.entries, detected)
    : allWalletsListings({
        featured: highlights.featured,
        recommended: highlights.recommended,
        pages: registryPages.entries,
        detected,
      })
  const visible = wallets.filter((w) => isWalletVisible(w, init.excludeWalletIds, init.isMobile))
  const needle = query.trim().toLowerCase()
  const shown = needle ? visible.filter((w) => w.name.toLowerCase().includes(needle)) : visible
  // Until the wallet registry arrives, WalletConnect is how any other wallet is reached from here
  // (and the only way in on a phone with no injected wallet, where the modal opens on this view).
  const offerWalletConnect =
    showsWalletConnectEntry(walletConnect, account) && (!needle || 'walletconnect qr code'.includes(needle))

  return (
    <div className="wf-stack">
      <label className="wf-search" htmlFor={searchId}>
        <Icon name="search" size={16} />
        <span className="wf-sr-only">{t('connect.searchWallet')}</span>
        <input
          id={searchId}
          type="search"
          placeholder={t('connect.searchWallet')}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          autoComplete="off"
          spellCheck={false}
        />
      </label>
      <div className="wf-scroll" data-testid="all-wallets-list">
        {shown.length === 0 &&
        !offerWalletConnect &&
        listings.length === 0 &&
        registryPages.state !== 'loading' ? (
          <div className="wf-empty">
            <Icon name="wallet" size={28} />
            <p className="wf-empty-title">{t('connect.noWalletFound')}</p>
            <p className="wf-empty-text">
              {needle ? t('connect.tryAnotherName') : t('connect.noWalletInstalled')}
            </p>
          </div>
        ) : (
          <ul className="wf-wallet-grid">
            {offerWalletConnect ? (
              <li>
                <button
                  type="button"
                  className="wf-wallet-tile"
                  onClick={() => session.selectWalletConnect()}
                >
                  <span className="wf-wallet-icon wf-wallet-icon-muted" style={{ width: 48, height: 48 }}>
                    <QrGlyph size={24} />
                  </span>
                  <span className="wf-wallet-tile-name" aria-hidden="true">
                    WalletConnect
                  </span>
                  <span className="wf-sr-only">WalletConnect</span>
                </button>
              </li>
            ) : null}
            {shown.map((wallet) => (
              <li key={wallet.id}>
                <button
                  type="button"
                  className="wf-wallet-tile"
                  data-testid={`host-wallet-${wallet.id}`}
                  onClick={() => session.selectWallet(wallet)}
                >
                  <WalletIcon src={wallet.icon} name={wallet.name} size={48} />
                  <span className="wf-wallet-tile-name" aria-hidden="true">
                    {wallet.name}
                  </span>
                </button>
              </li>
            ))}
            {registry
              ? listings.map((entry) => (
                  <li key={entry.id}>
                    <button
                      type="button"
                      className="wf-wallet-tile"
                      data-testid={`registry-wallet-${entry.id}`}
                      onClick={() => session.selectWalletConnect(registry.listing(entry))}
                    >
                      <WalletIcon src={registry.imageUrl(entry)} name={entry.name} size={48} fromApi />
                      <span className="wf-wallet-tile-name" aria-hidden="true">
                        {entry.name}
                      </span>
                    </button>
                  </li>
                ))
              : null}
          </ul>
        )}
        {registryPages.state === 'loading' ? (
          <div className="wf-center">
            <Spinner size={18} />
          </div>
        ) : null}
        <div ref={sentinel} className="wf-sentinel" />
      </div>
    </div>
  )
}
