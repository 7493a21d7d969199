/** The receive feature's chunk: its view (app/wallet-features.tsx loads it only when receive is on). */
import type { ReactElement } from 'react'
import { useSessionState } from '../core/index.ts'
import { NamespaceReceiveView, ReceiveView } from './ReceiveView.tsx'

/** Issue 15: a Solana or Bitcoin connection shown receives on its own address and network. */
function WalletReceive(): ReactElement | null {
  return useSessionState((s) => s.namespaces.active !== 'eip155') ? <NamespaceReceiveView /> : <ReceiveView />
}

export const RECEIVE_VIEWS = { WalletReceive }
