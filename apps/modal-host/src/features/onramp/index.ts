/**
 * Buy (the on-ramp), as the rest of the modal sees it. The view itself is a lazy chunk: importing
 * this file never pulls it in; `onRampChunk.preload()` fetches it (call it only when Buy is
 * available, so a modal with the feature off never downloads it).
 */
import type { ViewName } from '@walletframe/protocol'
import { lazyChunk } from '../../ui/lazy-view.tsx'
import './state.ts'

export { currentTimeZone, isOnRampAvailable, isRestrictedTimeZone, type OnRampFacts } from './availability.ts'

/** The view Buy opens (spec §2 on-ramp layouts). */
export const ONRAMP_VIEW = 'OnRamp' satisfies ViewName

export const onRampChunk = lazyChunk(() => import('./OnRampView.tsx').then((module) => module.OnRampView))
