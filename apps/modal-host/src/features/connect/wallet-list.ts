/**
 * Which wallets the Connect view lists, in which order (spec §5 "Connector visibility",
 * §9 default connector type order and connect-method order). Pure: tested without UI.
 */
import {
  CONNECT_METHOD_ORDER_DEFAULT,
  CONNECT_METHOD_ORDER_WITH_INSTALLED,
  CONNECTOR_TYPE_ORDER,
  type ConnectMethod,
  type ConnectorTypeOrderEntry,
  type Features,
  LEGACY_INJECTED_NAME,
  LIMITS,
  RDNS_ALIASES,
  type RecentWallet,
  type WalletDescriptor,
} from '@walletframe/protocol'

export interface WalletListEntry {
  wallet: WalletDescriptor
  section: 'recent' | 'injected'
}

export interface WalletListInput {
  wallets: readonly WalletDescriptor[]
  recent: readonly RecentWallet[]
  excludeWalletIds: readonly string[]
  isMobile: boolean
  connectorTypeOrder?: readonly ConnectorTypeOrderEntry[]
}

export function canonicalRdns(rdns: string | undefined): string | undefined {
  return rdns === undefined ? undefined : (RDNS_ALIASES[rdns] ?? rdns)
}

/** spec §5: Browser Wallet hidden on non-mobile; rdns or installed needed; excluded rdns/name hidden. */
export function isWalletVisible(
  wallet: WalletDescriptor,
  excluded: readonly string[],
  isMobile: boolean,
): boolean {
  // Issue 15: a Solana or Bitcoin wallet is listed by its namespace's Connect view, not with EVM ones.
  if (wallet.namespace !== undefined && wallet.namespace !== 'eip155') return false
  if (wallet.type === 'INJECTED' && wallet.name === LEGACY_INJECTED_NAME && !isMobile) return false
  if (!wallet.rdns && !wallet.installed) return false
  const lowered = new Set(excluded.map((entry) => entry.toLowerCase()))
  const rdns = canonicalRdns(wallet.rdns)?.toLowerCase()
  if (rdns && lowered.has(rdns)) return false
  return !lowered.has(wallet.name.toLowerCase())
}

export function orderedWalletList(input: WalletListInput): WalletListEntry[] {
  const visible = input.wallets.filter((wallet) =>
    isWalletVisible(wallet, input.excludeWalletIds, input.isMobile),
  )
  const recentIds = new Set(input.recent.slice(0, LIMITS.recentWallets).map((entry) => entry.id))
  const sections: Record<WalletListEntry['section'], WalletListEntry[]> = {
    recent: visible.filter((w) => recentIds.has(w.id)).map((wallet) => ({ wallet, section: 'recent' })),
    injected: visible.filter((w) => !recentIds.has(w.id)).map((wallet) => ({ wallet, section: 'injected' })),
  }
  const order = input.connectorTypeOrder?.length ? input.connectorTypeOrder : CONNECTOR_TYPE_ORDER
  return order.flatMap((type) => (type === 'recent' || type === 'injected' ? sections[type] : []))
}

/** The recent-wallets list after connecting `wallet`: most recent first, two kept. */
export function withRecentWallet(recent: readonly RecentWallet[], wallet: WalletDescriptor): RecentWallet[] {
  const entry: RecentWallet = { id: wallet.id, name: wallet.name }
  if (wallet.icon) entry.icon = wallet.icon
  if (wallet.rdns) entry.rdns = wallet.rdns
  return [entry, ...recent.filter((r) => r.id !== wallet.id)].slice(0, LIMITS.recentWallets)
}

/** spec §2: email, social, wallet by default; wallet first when installed wallets are shown. */
export function connectMethodOrder(features: Features, installedShown: boolean): ConnectMethod[] {
  const configured = features.connectMethodsOrder
  if (configured?.length) return [...configured]
  return [...(installedShown ? CONNECT_METHOD_ORDER_WITH_INSTALLED : CONNECT_METHOD_ORDER_DEFAULT)]
}
