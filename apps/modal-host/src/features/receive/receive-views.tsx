/** The receive feature's chunk: its view (app/wallet-features.tsx loads it only when receive is on). */
import { ReceiveView } from './ReceiveView.tsx'

export const RECEIVE_VIEWS = { WalletReceive: ReceiveView }
