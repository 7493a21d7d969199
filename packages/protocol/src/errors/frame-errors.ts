import type { CatalogueEntry } from './catalogue.ts'

/**
 * Errors of the embedded wallet as the modal and the dapp see them (spec §8). The key frame answers
 * a failed request with one of these, or with its server's error (reason and message kept).
 */
export const FRAME_ERROR_DEFAULT = {
  reason: 'EmbeddedFrameError',
  code: -32603,
  message: 'An error occurred',
} as const satisfies CatalogueEntry
/** A row of spec §7 whose feature (social login, farcaster, smart accounts) has not landed yet. */
export const FRAME_FEATURE_NOT_ENABLED = {
  reason: 'EmbeddedFeatureNotEnabled',
  code: 4200,
  message: 'This embedded-wallet feature is not enabled',
} as const satisfies CatalogueEntry
export const FRAME_NOT_SIGNED_IN = {
  reason: 'EmbeddedNotSignedIn',
  code: 4100,
  message: 'Not signed in to the embedded wallet',
} as const satisfies CatalogueEntry
/** Spec §4: closing the modal with no pending transaction aborts open unsafe requests. */
export const FRAME_REQUEST_ABORTED = {
  reason: 'RpcRequestAborted',
  code: 4001,
  message: 'Request was aborted',
} as const satisfies CatalogueEntry
/** Spec §8: the key frame did not load or did not answer its handshake. */
export const FRAME_LOAD_FAILED = {
  reason: 'EmailLoginUnavailable',
  code: -32603,
  message: 'Unable to load email login dependency',
} as const satisfies CatalogueEntry
export const FRAME_UNSUPPORTED_CHAIN = {
  reason: 'EmbeddedUnsupportedChain',
  code: 4902,
  message: 'This network is not supported by the embedded wallet',
} as const satisfies CatalogueEntry
/**
 * The smart account is the preferred account (spec §4) but the network has no bundler (issue 14):
 * refused rather than answered by the EOA, which the user did not choose.
 */
export const FRAME_SMART_ACCOUNT_NOT_ENABLED = {
  reason: 'SmartAccountNotEnabled',
  code: 4200,
  message: 'Smart accounts are not enabled on this network: switch to your EOA or to a network that has them',
} as const satisfies CatalogueEntry
/** The Approve click did not count: the frame was hidden, covered or not visible long enough. */
export const FRAME_APPROVAL_NOT_VISIBLE = {
  reason: 'ApprovalNotVisible',
  code: 4001,
  message: 'The approval was not visible long enough to count',
} as const satisfies CatalogueEntry

/** The key window (docs/embedded-wallet.md "Key window") could not open: the browser blocked it. */
export const KEY_WINDOW_BLOCKED = {
  reason: 'KeyWindowBlocked',
  code: -32603,
  message: 'The browser blocked the wallet window. Allow pop-ups for this wallet, then try again.',
} as const satisfies CatalogueEntry
/** The key window was closed before it answered. */
export const KEY_WINDOW_CLOSED = {
  reason: 'KeyWindowClosed',
  code: 4001,
  message: 'The wallet window was closed before it finished.',
} as const satisfies CatalogueEntry
/** The key window of this browser keeps no device share for the wallet (another browser, data cleared). */
export const KEY_WINDOW_EMPTY = {
  reason: 'KeyWindowEmpty',
  code: 4100,
  message: 'This browser keeps no key for this wallet. Use your recovery code.',
} as const satisfies CatalogueEntry
/** Social login (docs/social-login.md): the browser blocked the provider's popup. */
export const SOCIAL_POPUP_BLOCKED = {
  reason: 'SocialPopupBlocked',
  code: -32603,
  message: 'The browser blocked the login window. Allow pop-ups for this site, then try again.',
} as const satisfies CatalogueEntry
/** Social login: the user closed the provider's popup before the login finished. */
export const SOCIAL_POPUP_CLOSED = {
  reason: 'SocialPopupClosed',
  code: 4001,
  message: 'The login window was closed before the login finished.',
} as const satisfies CatalogueEntry
/** Spec §8: a Solana transaction the user approved could not be sent (the RPC's answer is the details). */
export const FRAME_SOLANA_SEND_FAILED = {
  reason: 'SolanaSendFailed',
  code: -32603,
  message: 'Failed to send transaction. Please try again.',
} as const satisfies CatalogueEntry

export const FRAME_ERRORS = {
  default: FRAME_ERROR_DEFAULT,
  featureNotEnabled: FRAME_FEATURE_NOT_ENABLED,
  notSignedIn: FRAME_NOT_SIGNED_IN,
  requestAborted: FRAME_REQUEST_ABORTED,
  loadFailed: FRAME_LOAD_FAILED,
  unsupportedChain: FRAME_UNSUPPORTED_CHAIN,
  smartAccountNotEnabled: FRAME_SMART_ACCOUNT_NOT_ENABLED,
  approvalNotVisible: FRAME_APPROVAL_NOT_VISIBLE,
  keyWindowBlocked: KEY_WINDOW_BLOCKED,
  keyWindowClosed: KEY_WINDOW_CLOSED,
  keyWindowEmpty: KEY_WINDOW_EMPTY,
  socialPopupBlocked: SOCIAL_POPUP_BLOCKED,
  socialPopupClosed: SOCIAL_POPUP_CLOSED,
  solanaSendFailed: FRAME_SOLANA_SEND_FAILED,
}
