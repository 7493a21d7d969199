import { type ReactElement, useEffect, useState } from 'react'
import { Icon } from '../../ui/icons.tsx'
import { ListItem } from '../../ui/ListItem.tsx'
import { QrGlyph } from '../../ui/qr/QrCode.tsx'
import { WalletIcon } from '../../ui/WalletIcon.tsx'
import { useSession, useSessionState } from '../core/index.ts'
import { EmailField } from '../embedded/index.ts'
import { SocialLogins } from '../social/index.ts'
import { showsWalletConnectEntry } from '../walletconnect/index.ts'
import { type ConnectRow, connectRows } from './connect-rows.ts'
import { LegalCheckbox } from './LegalCheckbox.tsx'
import './connect.css'
import { Rich, useI18n } from '../../ui/i18n/use-i18n.tsx'

/** The entry that opens the WalletConnect QR code. */
export function WalletConnectEntry({ onClick }: { onClick: () => void }): ReactElement {
  const { t } = useI18n()
  return (
    <ListItem
      testId="wallet-walletConnect"
      icon={
        <span className="wf-wallet-icon wf-wallet-icon-muted" style={{ width: 32, height: 32 }}>
          <QrGlyph size={18} />
        </span>
      }
      label="WalletConnect"
      tag={t('common.qrCode')}
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
  const email = useSessionState((s) => s.embedded.available)
  const socials = useSessionState((s) => s.social.providers.length > 0)
  const [agreed, setAgreed] = useState(false)
  const [expanded, setExpanded] = useState(false)
  const { t, number } = useI18n()
  useEffect(() => {
    if (registryShown) void registry?.loadHighlights()
  }, [registryShown, registry])
  const view = connectRows({
    init,
    wallets,
    recent,
    walletConnect: showsWalletConnectEntry(walletConnect, account),
    email,
    socials,
    highlights: registry && registryShown ? highlights : undefined,
  })
  const row = (item: ConnectRow) => {
    if (item.kind === 'walletConnect')
      return (
        <li key="walletConnect">
          <WalletConnectEntry onClick={() => session.selectWalletConnect()} />
        </li>
      )
    if (item.kind === 'custom')
      return (
        <li key={`custom-${item.wallet.id}`}>
          <ListItem
            testId={`wallet-custom-${item.wallet.id}`}
            icon={<WalletIcon src={item.wallet.image_url} name={item.wallet.name} size={32} />}
            label={item.wallet.name}
            // spec §3 custom wallets connect as registry wallets do: WalletConnect with their links.
            onClick={() => session.selectWalletConnect(item.wallet)}
          />
        </li>
      )
    if (item.kind === 'registry')
      return (
        <li key={item.entry.id}>
          <ListItem
            testId={`wallet-${item.entry.id}`}
            icon={
              <WalletIcon src={registry?.imageUrl(item.entry)} name={item.entry.name} size={32} fromApi />
            }
            label={item.entry.name}
            onClick={() => registry && session.selectWalletConnect(registry.listing(item.entry))}
          />
        </li>
      )
    const { wallet, section } = item
    return (
      <li key={wallet.id}>
        <ListItem
          testId={`wallet-${wallet.id}`}
          icon={<WalletIcon src={wallet.icon} name={wallet.name} size={32} />}
          label={wallet.name}
          tag={section === 'recent' ? t('connect.recent') : t('connect.installed')}
          tagTone={section === 'recent' ? 'accent' : 'success'}
          onClick={() => session.selectWallet(wallet)}
        />
      </li>
    )
  }

  const legal = init.features.legalCheckbox === true
  const walletList = (
    <ul className="wf-stack wf-list" aria-label={t('connect.wallets')}>
      {view.empty ? (
        <li className="wf-empty">
          <Icon name="wallet" size={28} />
          <p className="wf-empty-title">{t('connect.noWalletDetected')}</p>
          <p className="wf-empty-text">{t('connect.installWallet')}</p>
        </li>
      ) : null}
      {view.rows.map(row)}
      {view.showAllWallets ? (
        <li>
          <ListItem
            testId="all-wallets"
            icon={
              <span className="wf-wallet-icon wf-wallet-icon-muted" style={{ width: 32, height: 32 }}>
                <Icon name="grid" size={16} />
              </span>
            }
            label={t('connect.allWallets')}
            tag={number(view.installedCount)}
            onClick={() => session.push('AllWallets')}
          />
        </li>
      ) : null}
    </ul>
  )
  const continueWithWallet = (
    <ListItem
      testId="continue-with-wallet"
      icon={
        <span className="wf-wallet-icon wf-wallet-icon-muted" style={{ width: 32, height: 32 }}>
          <Icon name="wallet" size={16} />
        </span>
      }
      label={t('connect.continueWithWallet')}
      onClick={() => setExpanded(true)}
    />
  )

  return (
    <div className="wf-stack">
      {legal ? (
        <LegalCheckbox
          checked={agreed}
          onChange={setAgreed}
          termsConditionsUrl={init.termsConditionsUrl}
          privacyPolicyUrl={init.privacyPolicyUrl}
        />
      ) : null}
      {/* A disabled fieldset disables every control in it: each connect action waits for the agreement. */}
      <fieldset
        className="wf-connect-actions wf-stack"
        disabled={legal && !agreed}
        data-testid="connect-actions"
      >
        {view.methods.map((method) =>
          method === 'email' ? (
            <EmailField key={method} />
          ) : method === 'social' ? (
            <SocialLogins key={method} />
          ) : (
            <div key={method} className="wf-stack">
              {view.collapsed && !expanded ? continueWithWallet : walletList}
            </div>
          ),
        )}
        {view.walletGuide && view.showAllWallets && view.methods.includes('wallet') ? (
          <p className="wf-wallet-guide" data-testid="wallet-guide">
            <Rich
              id="connect.walletGuide"
              values={{
                link: (
                  <button
                    type="button"
                    className="wf-wallet-guide-link"
                    onClick={() => session.push('AllWallets')}
                  >
                    {t('connect.getStarted')}
                  </button>
                ),
              }}
            />
          </p>
        ) : null}
      </fieldset>
    </div>
  )
}
