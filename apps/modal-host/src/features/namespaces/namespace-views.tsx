/** The namespaces feature's views chunk (app/views.tsx shows them while another namespace is active). */
import { NamespaceAccountView } from './NamespaceAccountView.tsx'
import { NamespaceReceiveView } from './NamespaceReceiveView.tsx'
import { NamespaceWalletsView } from './NamespaceWalletsView.tsx'

export const NAMESPACE_VIEWS = {
  Connect: NamespaceWalletsView,
  Account: NamespaceAccountView,
  WalletReceive: NamespaceReceiveView,
}
