import type { ViewName } from '@walletframe/protocol'

/**
 * Views an integrator may ask `open({ view })` for in this build; the others are reached through
 * a flow (ConnectingExternal, UnsupportedChain) or arrive with their features in later issues.
 */
export const OPENABLE_VIEWS: readonly ViewName[] = ['Connect', 'Account', 'AllWallets', 'Networks', 'OnRamp']

/** Views that need a connected account: asked for without one, the modal opens as usual (Connect). */
export const ACCOUNT_VIEWS: readonly ViewName[] = ['Account', 'OnRamp']
