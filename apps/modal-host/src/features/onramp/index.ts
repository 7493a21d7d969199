/**
 * Buy (the on-ramp), as the rest of the modal sees it. The view itself is in its own chunk
 * (onramp-views.tsx, an entry of app/wallet-features.tsx): importing this file never pulls it in.
 */
import type { ViewName } from '@walletframe/protocol'
import './state.ts'

export { currentTimeZone, isOnRampAvailable, isRestrictedTimeZone, type OnRampFacts } from './availability.ts'

/** The view Buy opens (spec §2 on-ramp layouts). */
export const ONRAMP_VIEW = 'OnRamp' satisfies ViewName
