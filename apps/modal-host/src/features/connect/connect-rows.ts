/**
 * What the Connect view lists, and in which order (spec §2 connect-method order, §5 connector
 * visibility, §9 connector type order), as a pure function the view only renders.
 */
import type {
  ConnectMethod,
  ModalInit,
  RecentWallet,
  WalletDescriptor,
  WalletListingEntry,
} from '@walletframe/protocol'
import { connectMethodOrder, orderedWalletList, walletConnectPosition } from './wallet-list.ts'

export type ConnectRow =
  | { kind: 'wallet'; wallet: WalletDescriptor; section: 'recent' | 'injected' }
  | { kind: 'walletConnect' }
  | { kind: 'registry'; entry: WalletListingEntry }

export interface ConnectRows {
  /** The connect methods shown, in order: `email` and `social` with the embedded wallet, `wallet` always. */
  methods: ConnectMethod[]
  rows: ConnectRow[]
  /** No page wallet and no WalletConnect: the view says how to get a wallet. */
  empty: boolean
  showAllWallets: boolean
  /** The count next to "All Wallets": the page wallets listed. */
  installedCount: number
}

export function connectRows(input: {
  init: Pick<ModalInit, 'excludeWalletIds' | 'isMobile' | 'features'>
  wallets: readonly WalletDescriptor[]
  recent: readonly RecentWallet[]
  /** The WalletConnect entry is offered (a relay, and not already connected through it). */
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
  const wcAt = input.walletConnect ? walletConnectPosition(list, features.connectorTypeOrder) : -1
  const rows: ConnectRow[] = list.map(({ wallet, section }) => ({ kind: 'wallet', wallet, section }))
  if (wcAt !== -1) rows.splice(wcAt, 0, { kind: 'walletConnect' })
  // Spec §9 connector type order: featured after the installed wallets, recommended last.
  const order = features.connectorTypeOrder?.length
    ? features.connectorTypeOrder
    : (['featured', 'recommended'] as const)
  for (const kind of ['featured', 'recommended'] as const)
    if (input.highlights && order.includes(kind))
      rows.push(...input.highlights[kind].map((entry): ConnectRow => ({ kind: 'registry', entry })))
  return {
    methods: connectMethodOrder(features, list.length > 0).filter(
      (method) =>
        method === 'wallet' ||
        (method === 'email' && input.email === true) ||
        (method === 'social' && input.socials === true),
    ),
    rows,
    empty: list.length === 0 && wcAt === -1,
    showAllWallets: features.allWallets !== false,
    installedCount: list.length,
  }
}
