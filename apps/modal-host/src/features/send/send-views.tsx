/** The send feature's chunk: its views (app/wallet-features.tsx loads it only when send is on). */
import { SendPreviewView } from './SendPreviewView.tsx'
import { SendView } from './SendView.tsx'

export const SEND_VIEWS = { WalletSend: SendView, WalletSendPreview: SendPreviewView }
