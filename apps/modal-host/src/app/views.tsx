import type { ViewName } from '@walletframe/protocol'
import type { ComponentType } from 'react'
import { ConnectingExternalView } from '../features/connect/ConnectingExternalView.tsx'
import { ConnectView } from '../features/connect/ConnectView.tsx'
import { NetworksView } from '../features/networks/NetworksView.tsx'
import { UnsupportedChainView } from '../features/networks/UnsupportedChainView.tsx'
import {
  ConnectingWalletConnectBasicView,
  ConnectingWalletConnectView,
} from '../features/walletconnect/ConnectingWalletConnectView.tsx'
import { preloadQrEncoder } from '../features/walletconnect/QrCode.tsx'
import { lazyView } from '../ui/lazy-view.tsx'

// Views the modal never opens on while disconnected: their own chunks, fetched after the hello.
const AccountView = lazyView(() => import('../features/account/AccountView.tsx').then((m) => m.AccountView))
const AllWalletsView = lazyView(() =>
  import('../features/connect/AllWalletsView.tsx').then((m) => m.AllWalletsView),
)

/** Fetches the lazy views' chunks, so that they are there when first shown. */
export const preloadViews = (): Promise<unknown> =>
  Promise.all([AccountView.preload(), AllWalletsView.preload()])

/** The views this build renders, with their header titles. Other named views come with their features. */
export const VIEWS: Partial<Record<ViewName, { title: string; component: ComponentType }>> = {
  Connect: { title: 'Connect Wallet', component: ConnectView },
  AllWallets: { title: 'All Wallets', component: AllWalletsView },
  ConnectingExternal: { title: 'Connecting', component: ConnectingExternalView },
  ConnectingWalletConnect: { title: 'WalletConnect', component: ConnectingWalletConnectView },
  ConnectingWalletConnectBasic: { title: 'Connect Wallet', component: ConnectingWalletConnectBasicView },
  Account: { title: 'Account', component: AccountView },
  Networks: { title: 'Choose Network', component: NetworksView },
  UnsupportedChain: { title: 'Switch Network', component: UnsupportedChainView },
}
