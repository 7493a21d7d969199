import type { ViewName } from '@walletframe/protocol'
import type { ComponentType, ReactElement } from 'react'
import { ConnectingExternalView } from '../features/connect/ConnectingExternalView.tsx'
import { ConnectView } from '../features/connect/ConnectView.tsx'
import { useSessionState } from '../features/core/index.ts'
import { ApproveTransactionView } from '../features/embedded/ApproveTransactionView.tsx'
import { EmailView } from '../features/embedded/EmailView.tsx'
import { NetworksView } from '../features/networks/NetworksView.tsx'
import { UnsupportedChainView } from '../features/networks/UnsupportedChainView.tsx'
import { SIWXSignMessageView } from '../features/siwx/index.ts'
// Not lazy chunks: these two share the email views' parts and the QR code with the first paint,
// and a chunk of their own measured 2 KB (gzip) more of initial JS than keeping them here.
import { ConnectingFarcasterView } from '../features/social/ConnectingFarcasterView.tsx'
import { ConnectingSocialView } from '../features/social/ConnectingSocialView.tsx'
import {
  ConnectingWalletConnectBasicView,
  ConnectingWalletConnectView,
} from '../features/walletconnect/ConnectingWalletConnectView.tsx'
import type { MessageKey } from '../ui/i18n/en.ts'
import { LazyView, lazyChunk } from '../ui/lazy-view.tsx'
import { preloadQrEncoder } from '../ui/qr/QrCode.tsx'
import { namespaceChunk } from './session-namespaces.ts'
import { WALLET_FEATURE_VIEWS } from './wallet-features.tsx'

// Views the modal never opens on while disconnected: their own chunks, fetched after the hello.
const accountChunk = lazyChunk(() => import('../features/account/AccountView.tsx').then((m) => m.AccountView))
const allWalletsChunk = lazyChunk(() =>
  import('../features/connect/AllWalletsView.tsx').then((m) => m.AllWalletsView),
)
const callsStatusChunk = lazyChunk(() =>
  import('../features/calls/CallsStatusView.tsx').then((m) => m.CallsStatusView),
)
// Opened from the Account view only (spec §2 RegisterAccountName): never a first view.
const registerNameChunk = lazyChunk(() =>
  import('../features/names/RegisterAccountNameView.tsx').then((m) => m.RegisterAccountNameView),
)
const registerNameSuccessChunk = lazyChunk(() =>
  import('../features/names/RegisterAccountNameView.tsx').then((m) => m.RegisterAccountNameSuccessView),
)
// Opened from the Account view only (spec §2 UpdateEmailWallet): never a first view.
const emailUpdateChunk = lazyChunk(() =>
  import('../features/embedded/EmailUpdateView.tsx').then((m) => m.EmailUpdateView),
)
const AccountView = () => <LazyView view={accountChunk} />
const EmailUpdateView = () => <LazyView view={emailUpdateChunk} />
const RegisterAccountNameView = () => <LazyView view={registerNameChunk} />
const RegisterAccountNameSuccessView = () => <LazyView view={registerNameSuccessChunk} />
const CallsStatusView = () => <LazyView view={callsStatusChunk} />
const AllWalletsView = () => <LazyView view={allWalletsChunk} />

// The views of a Solana or Bitcoin connection (issue 15): a chunk fetched only when one is shown.
const namespaceWalletsChunk = lazyChunk(() => namespaceChunk().then((m) => m.NamespaceWalletsView))
/** Connect, or the page wallets of another namespace when one of its networks was picked unconnected. */
function ConnectOrNamespace(): ReactElement {
  return useSessionState((s) => s.namespaces.connectFor) ? (
    <LazyView view={namespaceWalletsChunk} />
  ) : (
    <ConnectView />
  )
}

/** Fetches the lazy views' chunks (and the QR encoder), so that they are there when first shown. */
export const preloadViews = (): Promise<unknown> =>
  Promise.all([accountChunk.preload(), allWalletsChunk.preload(), preloadQrEncoder()])

/** The views this build renders, with their header titles' keys. Other named views come with their features. */
export const VIEWS: Partial<Record<ViewName, { title: MessageKey; component: ComponentType }>> = {
  Connect: {
    title: 'view.Connect',
    component: ConnectOrNamespace,
  },
  AllWallets: { title: 'view.AllWallets', component: AllWalletsView },
  ConnectingExternal: { title: 'view.ConnectingExternal', component: ConnectingExternalView },
  ConnectingWalletConnect: { title: 'view.ConnectingWalletConnect', component: ConnectingWalletConnectView },
  ConnectingWalletConnectBasic: { title: 'view.Connect', component: ConnectingWalletConnectBasicView },
  Account: { title: 'view.Account', component: AccountView },
  Networks: { title: 'view.Networks', component: NetworksView },
  UnsupportedChain: { title: 'view.UnsupportedChain', component: UnsupportedChainView },
  Email: { title: 'view.Email', component: EmailView },
  EmailUpdate: { title: 'view.EmailUpdate', component: EmailUpdateView },
  ApproveTransaction: { title: 'view.ApproveTransaction', component: ApproveTransactionView },
  CallsStatus: { title: 'view.CallsStatus', component: CallsStatusView },
  ConnectingSocial: { title: 'view.SignIn', component: ConnectingSocialView },
  ConnectingFarcaster: { title: 'view.ConnectingFarcaster', component: ConnectingFarcasterView },
  SIWXSignMessage: { title: 'view.SignIn', component: SIWXSignMessageView },
  ConnectingSiwe: { title: 'view.ConnectingSiwe', component: SIWXSignMessageView },
  RegisterAccountName: { title: 'view.RegisterAccountName', component: RegisterAccountNameView },
  RegisterAccountNameSuccess: {
    title: 'view.RegisterAccountNameSuccess',
    component: RegisterAccountNameSuccessView,
  },
  ...WALLET_FEATURE_VIEWS,
}
