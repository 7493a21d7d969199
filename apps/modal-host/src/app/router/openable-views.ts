import type { ViewName } from '@walletframe/protocol'

/**
 * Views an integrator may ask `open({ view })` for in this build; the others are reached through
 * a flow (ConnectingExternal, UnsupportedChain) or arrive with their features in later issues.
 */
export const OPENABLE_VIEWS: readonly ViewName[] = [
  'Connect',
  'Account',
  'AllWallets',
  'Networks',
  'OnRamp',
  'Swap',
  'RegisterAccountName',
]

/** Views about the connected account: asked for while disconnected, the modal opens on Connect. */
export const ACCOUNT_VIEWS: readonly ViewName[] = ['Account', 'OnRamp', 'Swap', 'RegisterAccountName']
