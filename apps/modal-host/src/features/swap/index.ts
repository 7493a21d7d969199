/**
 * The swap feature as other features see it. The Account view's Swap button opens it with
 * `session.push(SWAP_VIEW)`, and may call `preloadSwapView()` when it shows the button (or on
 * hover), so the view's own chunk is there when pressed; a build without swaps never loads it.
 */
import type { ViewName } from '@walletframe/protocol'
import { lazyChunk } from '../../ui/lazy-view.tsx'

export const SWAP_VIEW: ViewName = 'Swap'

/** The Swap view in its own chunk (app/views.tsx renders it with LazyView). */
export const swapViewChunk = lazyChunk(() => import('./SwapView.tsx').then((m) => m.SwapView))

/** Fetches the Swap view's chunk ahead of need. */
export const preloadSwapView = (): Promise<void> => swapViewChunk.preload()
