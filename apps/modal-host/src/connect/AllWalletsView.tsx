import { type ReactElement, useId, useState } from 'react'
import { useSession, useSessionState } from '../session/use-session.ts'
import { Icon } from '../shell/icons.tsx'
import { WalletIcon } from '../shell/WalletIcon.tsx'
import { isWalletVisible } from './wallet-list.ts'

/** The host's wallets with a search box (the wallet registry joins this list in a later issue). */
export function AllWalletsView(): ReactElement {
  const session = useSession()
  const wallets = useSessionState((s) => s.wallets)
  const init = useSessionState((s) => s.init!)
  const [query, setQuery] = useState('')
  const searchId = useId()
  const visible = wallets.filter((w) => isWalletVisible(w, init.excludeWalletIds, init.isMobile))
  const needle = query.trim().toLowerCase()
  const shown = needle ? visible.filter((w) => w.name.toLowerCase().includes(needle)) : visible

  return (
    <div className="wf-stack">
      <label className="wf-search" htmlFor={searchId}>
        <Icon name="search" size={16} />
        <span className="wf-sr-only">Search wallet</span>
        <input
          id={searchId}
          type="search"
          placeholder="Search wallet"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          autoComplete="off"
          spellCheck={false}
        />
      </label>
      {shown.length === 0 ? (
        <div className="wf-empty">
          <Icon name="wallet" size={28} />
          <p className="wf-empty-title">No wallet found</p>
          <p className="wf-empty-text">
            {needle ? 'Try another name.' : 'No wallet is installed in this browser.'}
          </p>
        </div>
      ) : (
        <ul className="wf-wallet-grid">
          {shown.map((wallet) => (
            <li key={wallet.id}>
              <button type="button" className="wf-wallet-tile" onClick={() => session.selectWallet(wallet)}>
                <WalletIcon src={wallet.icon} name={wallet.name} size={48} />
                <span className="wf-wallet-tile-name" aria-hidden="true">
                  {wallet.name}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
