import type { CatalogueEntry } from './catalogue.ts'

/**
 * EIP-5792's wallet-call errors (spec §8 "Wallet-call" 5700–5760): what `wallet_sendCalls`,
 * `wallet_getCallsStatus` and `wallet_getCapabilities` fail with, beside the EIP-1193 and JSON-RPC
 * codes every method may answer.
 */
export const WALLET_CALL_UNSUPPORTED_CAPABILITY = {
  reason: 'UnsupportedNonOptionalCapability',
  code: 5700,
  message: 'The wallet does not support a capability the request requires',
} as const satisfies CatalogueEntry
export const WALLET_CALL_UNSUPPORTED_CHAIN = {
  reason: 'UnsupportedChainId',
  code: 5710,
  message: 'The wallet does not support calls on this chain',
} as const satisfies CatalogueEntry
export const WALLET_CALL_DUPLICATE_ID = {
  reason: 'DuplicateCallsId',
  code: 5720,
  message: 'A batch with this id was already submitted',
} as const satisfies CatalogueEntry
export const WALLET_CALL_UNKNOWN_BUNDLE = {
  reason: 'UnknownBundleId',
  code: 5730,
  message: 'No batch with this id is known to the wallet',
} as const satisfies CatalogueEntry
export const WALLET_CALL_BUNDLE_TOO_LARGE = {
  reason: 'BundleTooLarge',
  code: 5740,
  message: 'The batch has more calls than the wallet can send at once',
} as const satisfies CatalogueEntry
/** The user declined to make the account atomic-ready (an EIP-7702 delegation) for the batch. */
export const WALLET_CALL_UPGRADE_REJECTED = {
  reason: 'AtomicReadyWalletRejectedUpgrade',
  code: 5750,
  message: 'The user rejected the account upgrade the batch needs',
} as const satisfies CatalogueEntry
export const WALLET_CALL_ATOMICITY_NOT_SUPPORTED = {
  reason: 'AtomicityNotSupported',
  code: 5760,
  message: 'The wallet cannot send this batch atomically',
} as const satisfies CatalogueEntry

export const WALLET_CALL_ERRORS = {
  unsupportedCapability: WALLET_CALL_UNSUPPORTED_CAPABILITY,
  unsupportedChain: WALLET_CALL_UNSUPPORTED_CHAIN,
  duplicateId: WALLET_CALL_DUPLICATE_ID,
  unknownBundle: WALLET_CALL_UNKNOWN_BUNDLE,
  bundleTooLarge: WALLET_CALL_BUNDLE_TOO_LARGE,
  upgradeRejected: WALLET_CALL_UPGRADE_REJECTED,
  atomicityNotSupported: WALLET_CALL_ATOMICITY_NOT_SUPPORTED,
}
