/**
 * The swap feature as other features see it. Its view is in its own chunk (swap-views.tsx, an entry
 * of app/wallet-features.tsx): a build with swaps off never loads it.
 */
import type { ViewName } from '@walletframe/protocol'

export const SWAP_VIEW: ViewName = 'Swap'
