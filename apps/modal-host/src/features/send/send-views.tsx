/** The send feature's chunk: its views (app/wallet-features.tsx loads it only when send is on). */
import type { ReactElement } from 'react'
import { useSessionState } from '../core/index.ts'
import { SendPreviewView } from './SendPreviewView.tsx'
import { SendView } from './SendView.tsx'
import { SolanaSendView } from './solana/SolanaSendView.tsx'

/** Issue 15: a Solana connection shown sends with its own form; an EVM one with the send flow. */
function WalletSend(): ReactElement | null {
  return useSessionState((s) => s.namespaces.active === 'solana') ? <SolanaSendView /> : <SendView />
}

export const SEND_VIEWS = { WalletSend, WalletSendPreview: SendPreviewView }
