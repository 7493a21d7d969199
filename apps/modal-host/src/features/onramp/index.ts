/**
 * Buy (the on-ramp), as the rest of the modal sees it. The view itself is in its own chunk
 * (onramp-views.tsx, an entry of app/wallet-features.tsx): importing this file never pulls it in.
 */
import './state.ts'

export { currentTimeZone, isOnRampAvailable, isRestrictedTimeZone, type OnRampFacts } from './availability.ts'
