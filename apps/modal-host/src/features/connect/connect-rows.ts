/**
 * What the Connect view lists, and in which order (spec §2 connect-method order, §3 feature options
 * and settings, §5 connector visibility, §9 connector type order and defaults), as a pure function
 * the view only renders.
 */
import {
  CONNECTOR_TYPE_ORDER,
  type ConnectMethod,
  type CustomWallet,
  type ModalInit,
  type RecentWallet,
  type WalletDescriptor,
  type WalletListingEntry,
} from '@walletframe/protocol'
import { connectMethodOrder, orderedWalletList } from './wallet-list.ts'

export type ConnectRow =
  | { kind: 'wallet'; wallet: WalletDescriptor; section: 'recent' | 'injected' }
  | { kind: 'walletConnect' }
  | { kind: 'registry'; entry: WalletListingEntry }
  | { kind: 'custom'; wallet: CustomWallet }

export interface ConnectRows {
  /** The connect methods shown, in order: `email` and `social` with the embedded wallet, `wallet` unless turned off. */
  methods: ConnectMethod[]
  rows: ConnectRow[]
  /** No page wallet and no WalletConnect: the view says how to get a wallet. */
  empty: boolean
  showAllWallets: boolean
  /** The count next to "All Wallets": the page wallets listed. */
  installedCount: number
  /**
   * The wallets wait behind one "Continue with a wallet" button (spec §3 collapseWallets, or
   * emailShowWallets false while the email login is shown).
   */
  collapsed: boolean
  /** The "Haven't got a wallet?" link (spec §9 enableWalletGuide). */
  walletGuide: boolean
}

export function connectRows(input: {
  init: Pick<ModalInit, 'excludeWalletIds' | 'isMobile' | 'features'> &
    Partial<Pick<ModalInit, 'customWallets' | 'enableWallets' | 'enableWalletGuide'>>
  wallets: readonly WalletDescriptor[]
  recent: readonly RecentWallet[]
  /** The WalletConnect entry is offered (a relay, `enableWalletConnect`, not already connected through it). */
  walletConnect: boolean
  /** The email login is offered (a key frame, and `features.email` not false). */
  email?: boolean
  /** Social logins are offered (a key frame, and `features.socials` leaves some). */
  socials?: boolean
  /** The registry's featured and recommended wallets, when the registry is shown. */
  highlights?: { featured: WalletListingEntry[]; recommended: WalletListingEntry[] } | undefined
}): ConnectRows {
  const { features } = input.init
  const list = orderedWalletList({
    wallets: [...input.wallets],
    recent: [...input.recent],
    excludeWalletIds: input.init.excludeWalletIds,
    isMobile: input.init.isMobile,
    connectorTypeOrder: features.connectorTypeOrder,
  })
  const order = features.connectorTypeOrder?.length ? features.connectorTypeOrder : CONNECTOR_TYPE_ORDER
  // Custom wallets connect over WalletConnect: without it they have no way in.
  const custom = input.walletConnect ? (input.init.customWallets ?? []) : []
  const rows = order.flatMap((type): ConnectRow[] => {
    switch (type) {
      case 'walletConnect':
        return input.walletConnect ? [{ kind: 'walletConnect' }] : []
      case 'recent':
      case 'injected':
        return list.filter((entry) => entry.section === type).map((entry) => ({ kind: 'wallet', ...entry }))
      case 'featured':
      case 'recommended':
        return (input.highlights?.[type] ?? []).map((entry) => ({ kind: 'registry', entry }))
      case 'custom':
        return custom.map((wallet) => ({ kind: 'custom', wallet }))
      default:
        // `external`: wallets reached through another connector; this modal has none.
        return []
    }
  })
  const methods = connectMethodOrder(features, list.length > 0).filter(
    (method) =>
      (method === 'wallet' && input.init.enableWallets !== false) ||
      (method === 'email' && input.email === true) ||
      (method === 'social' && input.socials === true),
  )
  return {
    methods,
    rows,
    empty: list.length === 0 && !input.walletConnect,
    showAllWallets: features.allWallets !== false,
    installedCount: list.length,
    collapsed:
      features.collapseWallets === true || (features.emailShowWallets === false && methods.includes('email')),
    walletGuide: input.init.enableWalletGuide !== false,
  }
}
