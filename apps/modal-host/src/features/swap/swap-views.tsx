/** The swap feature's chunk: its view (app/wallet-features.tsx loads it only when swaps are on). */
import { SwapView } from './SwapView.tsx'

export const SWAP_VIEWS = { Swap: SwapView }
